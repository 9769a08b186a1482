package io.informer4j.reader;

import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.Selection;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * A toy inventory service that is not Kubernetes: it keeps stock items with a global change counter
 * and a full change history, and serves them through a {@link ListerWatcher} written for it (list
 * the current items at the counter; watch replays the changes after a version and then pushes new
 * ones). Thread-safe: one lock; watch listeners are called under it, in change order.
 */
final class InventoryService {

  private record Change(long version, WatchEventType type, StockItem item) {
  }

  private final TreeMap<String, StockItem> items = new TreeMap<>();
  private final List<Change> history = new ArrayList<>();
  private final List<Subscription> subscriptions = new ArrayList<>();
  private long version;

  private final class Subscription implements WatchHandle {
    final Selection selection;
    final WatchListener<StockItem> listener;

    Subscription(Selection selection, WatchListener<StockItem> listener) {
      this.selection = selection;
      this.listener = listener;
    }

    void deliver(Change change) {
      if (selects(selection, change.item())) {
        listener.onEvent(new WatchEvent<>(change.type(), change.item(), null, false, null));
      }
    }

    @Override
    public void close() {
      synchronized (InventoryService.this) {
        subscriptions.remove(this);
      }
    }
  }

  private static boolean selects(Selection selection, StockItem item) {
    return (!selection.isNamespaced() || selection.namespace().equals(item.warehouse()))
        && selection.labels().matches(item.tags())
        && selection.fields().matches(path -> StockItem.ADAPTER.field(item, path));
  }

  /** Creates or replaces an item; returns it with its new version. */
  synchronized StockItem put(StockItem item) {
    StockItem stored = item.withVersion(++version);
    StockItem previous = items.put(stored.warehouse() + "/" + stored.sku(), stored);
    record(new Change(version, previous == null ? WatchEventType.ADDED : WatchEventType.MODIFIED, stored));
    return stored;
  }

  /** Removes an item; returns its last state. */
  synchronized StockItem remove(String warehouse, String sku) {
    StockItem removed = items.remove(warehouse + "/" + sku);
    if (removed == null) {
      throw new IllegalArgumentException("no stock item " + warehouse + "/" + sku);
    }
    StockItem last = removed.withVersion(++version);
    record(new Change(version, WatchEventType.DELETED, last));
    return last;
  }

  private void record(Change change) {
    history.add(change);
    List.copyOf(subscriptions).forEach(subscription -> subscription.deliver(change));
  }

  /** Returns how many watches are open. */
  synchronized int openWatches() {
    return subscriptions.size();
  }

  /** Returns the list-watch view of the service. */
  ListerWatcher<StockItem> listerWatcher() {
    return new ListerWatcher<>() {
      @Override
      public ListPage list(ListRequest request, ListSink<StockItem> sink) {
        synchronized (InventoryService.this) {
          items.values().stream().filter(item -> selects(request.selection(), item)).forEach(sink::accept);
          return ListPage.last(Long.toString(version));
        }
      }

      @Override
      public WatchHandle watch(WatchRequest request, WatchListener<StockItem> listener) {
        synchronized (InventoryService.this) {
          Subscription subscription = new Subscription(request.selection(), listener);
          String from = request.resourceVersion();
          if (from.isEmpty() || from.equals("0")) {
            items.values().forEach(item -> subscription.deliver(new Change(version, WatchEventType.ADDED, item)));
          } else {
            long after = Long.parseLong(from);
            history.stream().filter(change -> change.version() > after).forEach(subscription::deliver);
          }
          subscriptions.add(subscription);
          return subscription;
        }
      }

      @Override
      public boolean supportsWatchList() {
        return false;
      }

      @Override
      public String description() {
        return "inventory service";
      }
    };
  }
}

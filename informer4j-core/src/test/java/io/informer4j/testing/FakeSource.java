package io.informer4j.testing;

import io.informer4j.meta.ObjectKey;
import io.informer4j.source.ExpiredException;
import io.informer4j.source.InvalidRequestException;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.SourceException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.TypeNotFoundException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A scripted source for unit tests: it holds a state (items by key and a resourceVersion), answers
 * lists from it (paged by the request's limit), records every request, fails the next calls when
 * told, and hands each opened watch to the test, which pushes events itself.
 */
public final class FakeSource implements ListerWatcher<Item> {

  /** An opened watch, driven by the test. */
  public static final class Watch implements WatchHandle {
    public final WatchRequest request;
    private final WatchListener<Item> listener;
    private final boolean answersProgress;
    private final AtomicInteger progressRequests = new AtomicInteger();
    private volatile boolean closedByClient;

    Watch(WatchRequest request, WatchListener<Item> listener, boolean answersProgress) {
      this.request = request;
      this.listener = listener;
      this.answersProgress = answersProgress;
    }

    @Override
    public boolean requestProgress() {
      progressRequests.incrementAndGet();
      return answersProgress;
    }

    /** Returns how many times the informer asked this watch for progress. */
    public int progressRequests() {
      return progressRequests.get();
    }

    public void send(WatchEvent<Item> event) {
      listener.onEvent(event);
    }

    public WatchListener<Item> listener() {
      return listener;
    }

    /** Ends the watch from the server side. */
    public void end(SourceException error) {
      listener.onClose(error);
    }

    @Override
    public void close() {
      closedByClient = true;
    }

    public boolean isClosedByClient() {
      return closedByClient;
    }
  }

  private final TreeMap<String, Item> state = new TreeMap<>();
  /** Items lists report as malformed: by key, or under "?" + n when their identity is unknown. */
  private final TreeMap<String, MalformedObjectException> unreadable = new TreeMap<>();
  private String resourceVersion = "1";
  private final Deque<SourceException> listFailures = new ArrayDeque<>();
  private final Deque<SourceException> watchFailures = new ArrayDeque<>();
  private final List<ListRequest> lists = new CopyOnWriteArrayList<>();
  private final List<Watch> watches = new CopyOnWriteArrayList<>();
  private final List<WatchRequest> watchRequests = new CopyOnWriteArrayList<>();
  private volatile boolean watchListSupported = true;
  private volatile boolean answersProgress;
  private volatile CountDownLatch listGate;
  private final List<String> watchListUnavailable = new CopyOnWriteArrayList<>();
  private volatile boolean watchListRejected;
  private volatile boolean expireContinuations;
  private volatile boolean installed = true;
  private volatile long preferredPageSize;

  public synchronized void put(Item item) {
    state.put(item.key(), item);
  }

  public synchronized void remove(String key) {
    state.remove(key);
    unreadable.remove(key);
  }

  /** Makes the object {@code namespace/name} unreadable: lists report it as malformed, with its key. */
  public synchronized void putUnreadable(String namespace, String name) {
    ObjectKey key = ObjectKey.of(namespace, name);
    state.remove(key.toString());
    unreadable.put(key.toString(), new MalformedObjectException("cannot read " + key, key, null, null));
  }

  /** Adds an item lists report as malformed without any identity. */
  public synchronized void putUnidentifiable() {
    unreadable.put("?" + unreadable.size(), new MalformedObjectException("cannot read an item at all", null));
  }

  public synchronized void setResourceVersion(String rv) {
    resourceVersion = rv;
  }

  public synchronized void failNextList(SourceException e) {
    listFailures.add(e);
  }

  public synchronized void failNextWatch(SourceException e) {
    watchFailures.add(e);
  }

  /** Makes {@link #preferredPageSize()} return {@code size}. */
  public void preferPageSize(long size) {
    preferredPageSize = size;
  }

  @Override
  public long preferredPageSize() {
    return preferredPageSize;
  }

  /** Declares the source unable to do watch-list: it is never asked. */
  public void declareNoWatchList() {
    watchListSupported = false;
  }

  /** Claims watch-list support but answers sendInitialEvents with 422, as 1.33 servers did. */
  public void rejectWatchList() {
    watchListRejected = true;
  }

  /** Installs or uninstalls the type: while uninstalled, lists and watches fail with type-not-found. */
  public void setInstalled(boolean installed) {
    this.installed = installed;
  }

  /** Makes watches answer progress requests (as etcd does), so a silent one is a dead one. */
  public void answerProgressRequests() {
    answersProgress = true;
  }

  /** Makes lists block (interruptibly) until {@code gate} opens, as a server that went silent. */
  public void holdLists(CountDownLatch gate) {
    listGate = gate;
  }

  /** Returns the reasons informers gave when they found watch-list unusable. */
  public List<String> watchListUnavailableReasons() {
    return List.copyOf(watchListUnavailable);
  }

  @Override
  public void watchListUnavailable(String reason) {
    watchListUnavailable.add(reason);
  }

  /** Makes every continuation page fail as expired. */
  public void expireContinuations(boolean expire) {
    expireContinuations = expire;
  }

  public List<ListRequest> lists() {
    return Collections.unmodifiableList(lists);
  }

  public List<Watch> watches() {
    return Collections.unmodifiableList(watches);
  }

  /** Every watch attempt, including refused ones. */
  public List<WatchRequest> watchRequests() {
    return Collections.unmodifiableList(watchRequests);
  }

  /** Returns the most recently opened watch, waiting (bounded) for the first one to open. */
  public Watch lastWatch() {
    org.awaitility.Awaitility.await("a watch is opened").until(() -> !watches.isEmpty());
    return watches.get(watches.size() - 1);
  }

  @Override
  public ListPage list(ListRequest request, ListSink<Item> sink) {
    CountDownLatch gate = listGate;
    if (gate != null) {
      try {
        gate.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new TransientSourceException("the list was interrupted", TransientSourceException.Reason.CONNECTION_LOST);
      }
    }
    return listNow(request, sink);
  }

  private synchronized ListPage listNow(ListRequest request, ListSink<Item> sink) {
    lists.add(request);
    requireInstalled();
    if (!listFailures.isEmpty()) {
      throw listFailures.poll();
    }
    List<Item> all = new ArrayList<>(state.values());
    int offset = 0;
    if (request.continueToken() != null) {
      if (expireContinuations) {
        throw new ExpiredException("continue token expired");
      }
      offset = Integer.parseInt(request.continueToken());
    }
    int end = request.limit() > 0 ? (int) Math.min(all.size(), offset + request.limit()) : all.size();
    for (Item item : all.subList(offset, end)) {
      sink.accept(item);
    }
    if (end == all.size()) {
      unreadable.values().forEach(sink::malformed);
    }
    return new ListPage(resourceVersion, end < all.size() ? Integer.toString(end) : null, null);
  }

  @Override
  public synchronized WatchHandle watch(WatchRequest request, WatchListener<Item> listener) {
    watchRequests.add(request);
    requireInstalled();
    if (!watchFailures.isEmpty()) {
      throw watchFailures.poll();
    }
    if (request.sendInitialEvents() && (!watchListSupported || watchListRejected)) {
      throw new InvalidRequestException("sendInitialEvents is not supported", 422);
    }
    Watch watch = new Watch(request, listener, answersProgress);
    watches.add(watch);
    return watch;
  }

  private void requireInstalled() {
    if (!installed) {
      throw new TypeNotFoundException("the server could not find the requested resource (items)");
    }
  }

  /** Streams the current state as a watch-list's initial events on {@code watch}, ending with the bookmark. */
  public void sendInitialEvents(Watch watch) {
    List<Item> items;
    String rv;
    synchronized (this) {
      items = new ArrayList<>(state.values());
      rv = resourceVersion;
    }
    items.forEach(item -> watch.send(WatchEvent.added(item)));
    watch.send(WatchEvent.bookmark(rv, true));
  }

  @Override
  public boolean supportsWatchList() {
    return watchListSupported;
  }

  @Override
  public String description() {
    return "fake items";
  }

  /** Returns the keys and versions of the state, for comparing with a cache. */
  public synchronized Map<String, Item> snapshot() {
    return Map.copyOf(state);
  }
}

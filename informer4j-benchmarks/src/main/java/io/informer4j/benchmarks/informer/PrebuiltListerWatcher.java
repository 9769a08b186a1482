package io.informer4j.benchmarks.informer;

import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * An informer4j source over objects built in memory beforehand, so a benchmark measures the
 * informer and nothing else: a list pushes every object in one page (whatever the requested limit,
 * as a server answering from its watch cache does) at a fixed resourceVersion; a watch delivers
 * only what the benchmark {@link #push pushes}, until it is closed. Watch-list is offered only when
 * built {@link #PrebuiltListerWatcher(List, String, boolean) so}: a watch asking for initial events
 * then gets every object as an ADDED event and the {@code initialEventsEnd} bookmark, on a thread
 * of its own, before anything pushed.
 *
 * <p>Thread-safe. {@link #push} must be called from one thread at a time (watch events of one
 * watch are never concurrent), and not while initial events are being streamed.
 *
 * @param <T> the object type
 */
public final class PrebuiltListerWatcher<T> implements ListerWatcher<T> {

  private final List<T> objects;
  private final String resourceVersion;
  private final boolean offersWatchList;
  private final CompletableFuture<Void> watchOpened = new CompletableFuture<>();
  private volatile WatchListener<T> listener;

  /**
   * @param objects         what every list returns, in order
   * @param resourceVersion the version every list is read at
   */
  public PrebuiltListerWatcher(List<T> objects, String resourceVersion) {
    this(objects, resourceVersion, false);
  }

  /**
   * @param objects          what every list returns, in order, and a watch-list streams
   * @param resourceVersion  the version every list is read at and the watch-list's bookmark carries
   * @param offersWatchList whether watches asking for initial events get them
   */
  public PrebuiltListerWatcher(List<T> objects, String resourceVersion, boolean offersWatchList) {
    this.objects = List.copyOf(objects);
    this.resourceVersion = resourceVersion;
    this.offersWatchList = offersWatchList;
  }

  @Override
  public ListPage list(ListRequest request, ListSink<T> sink) {
    for (T object : objects) {
      sink.accept(object);
    }
    return ListPage.last(resourceVersion);
  }

  @Override
  public WatchHandle watch(WatchRequest request, WatchListener<T> watchListener) {
    listener = watchListener;
    if (offersWatchList && request.sendInitialEvents()) {
      Thread initialEvents = new Thread(() -> streamInitialEvents(watchListener), "prebuilt-initial-events");
      initialEvents.setDaemon(true);
      initialEvents.start();
    }
    watchOpened.complete(null);
    return () -> {
      if (listener == watchListener) {
        listener = null;
      }
    };
  }

  /** Completes once the first watch is open; events pushed after that reach the informer. */
  public CompletableFuture<Void> watchOpened() {
    return watchOpened;
  }

  /**
   * Delivers one event to the open watch, on the calling thread.
   *
   * @throws IllegalStateException if no watch is open
   */
  public void push(WatchEvent<T> event) {
    WatchListener<T> current = listener;
    if (current == null) {
      throw new IllegalStateException("no watch is open on " + description() + "; wait for watchOpened() first");
    }
    current.onEvent(event);
  }

  @Override
  public boolean supportsWatchList() {
    return offersWatchList;
  }

  private void streamInitialEvents(WatchListener<T> watchListener) {
    for (T object : objects) {
      watchListener.onEvent(WatchEvent.added(object));
    }
    watchListener.onEvent(WatchEvent.bookmark(resourceVersion, true));
  }

  @Override
  public String description() {
    return "prebuilt list of " + objects.size() + " objects";
  }
}

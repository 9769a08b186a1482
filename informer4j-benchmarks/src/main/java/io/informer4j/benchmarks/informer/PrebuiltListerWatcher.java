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
 * only what the benchmark {@link #push pushes}, until it is closed. Watch-list is not offered.
 *
 * <p>Thread-safe. {@link #push} must be called from one thread at a time (watch events of one
 * watch are never concurrent).
 *
 * @param <T> the object type
 */
public final class PrebuiltListerWatcher<T> implements ListerWatcher<T> {

  private final List<T> objects;
  private final String resourceVersion;
  private final CompletableFuture<Void> watchOpened = new CompletableFuture<>();
  private volatile WatchListener<T> listener;

  /**
   * @param objects         what every list returns, in order
   * @param resourceVersion the version every list is read at
   */
  public PrebuiltListerWatcher(List<T> objects, String resourceVersion) {
    this.objects = List.copyOf(objects);
    this.resourceVersion = resourceVersion;
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
    return false;
  }

  @Override
  public String description() {
    return "prebuilt list of " + objects.size() + " objects";
  }
}

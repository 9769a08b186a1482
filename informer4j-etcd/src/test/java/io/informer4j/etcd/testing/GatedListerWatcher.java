package io.informer4j.etcd.testing;

import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Delegates to a real lister-watcher, but can hold the next list call, or the next opening of a
 * watch, at its start until released, so a test can change the backend while an informer is
 * relisting or between its list and its watch. Thread-safe.
 *
 * @param <T> the object type
 */
public final class GatedListerWatcher<T> implements ListerWatcher<T> {

  private final ListerWatcher<T> delegate;
  private volatile Gate listGate;
  private volatile Gate watchGate;

  /** Wraps {@code delegate}. */
  public GatedListerWatcher(ListerWatcher<T> delegate) {
    this.delegate = delegate;
  }

  /** Makes the next list call wait; the returned future completes when that call has started. */
  public CompletableFuture<Void> holdNextList() {
    Gate armed = new Gate();
    listGate = armed;
    return armed.entered;
  }

  /** Makes the next opening of a watch wait; the returned future completes when that call has started. */
  public CompletableFuture<Void> holdNextWatch() {
    Gate armed = new Gate();
    watchGate = armed;
    return armed.entered;
  }

  /** Lets the held calls (and later ones) proceed. */
  public void release() {
    for (Gate armed : new Gate[] {listGate, watchGate}) {
      if (armed != null) {
        armed.release.countDown();
      }
    }
    listGate = null;
    watchGate = null;
  }

  @Override
  public ListPage list(ListRequest request, ListSink<T> sink) {
    pass(listGate, "list");
    return delegate.list(request, sink);
  }

  @Override
  public WatchHandle watch(WatchRequest request, WatchListener<T> listener) {
    pass(watchGate, "watch");
    return delegate.watch(request, listener);
  }

  private static void pass(Gate armed, String call) {
    if (armed == null) {
      return;
    }
    armed.entered.complete(null);
    try {
      if (!armed.release.await(60, TimeUnit.SECONDS)) {
        throw new IllegalStateException("the held " + call + " was never released");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while held", e);
    }
  }

  @Override
  public boolean supportsWatchList() {
    return delegate.supportsWatchList();
  }

  @Override
  public long preferredPageSize() {
    return delegate.preferredPageSize();
  }

  @Override
  public String description() {
    return delegate.description();
  }

  private static final class Gate {
    final CompletableFuture<Void> entered = new CompletableFuture<>();
    final CountDownLatch release = new CountDownLatch(1);
  }
}

package io.informer4j.reader;

import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import java.util.concurrent.CountDownLatch;

/**
 * A slow server: lists and watch openings (so also watch-list streaming) wait until the test opens
 * the gate; interruption (the informer stopping) ends the wait.
 */
final class GatedListerWatcher<T> implements ListerWatcher<T> {

  private final ListerWatcher<T> delegate;
  private final CountDownLatch gate = new CountDownLatch(1);
  final CountDownLatch requested = new CountDownLatch(1);

  GatedListerWatcher(ListerWatcher<T> delegate) {
    this.delegate = delegate;
  }

  void open() {
    gate.countDown();
  }

  private void pass() {
    requested.countDown();
    try {
      gate.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TransientSourceException("request interrupted", TransientSourceException.Reason.CONNECTION_LOST);
    }
  }

  @Override
  public ListPage list(ListRequest request, ListSink<T> sink) {
    pass();
    return delegate.list(request, sink);
  }

  @Override
  public WatchHandle watch(WatchRequest request, WatchListener<T> listener) {
    pass();
    return delegate.watch(request, listener);
  }

  @Override
  public boolean supportsWatchList() {
    return delegate.supportsWatchList();
  }
}

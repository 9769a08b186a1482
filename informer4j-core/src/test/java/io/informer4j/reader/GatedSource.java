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

/** A source whose lists wait until the test opens the gate, as a slow server; interruption ends the wait. */
final class GatedSource<T> implements ListerWatcher<T> {

  private final ListerWatcher<T> delegate;
  private final CountDownLatch gate = new CountDownLatch(1);
  final CountDownLatch listing = new CountDownLatch(1);

  GatedSource(ListerWatcher<T> delegate) {
    this.delegate = delegate;
  }

  /** Lets every list through. */
  void open() {
    gate.countDown();
  }

  @Override
  public ListPage list(ListRequest request, ListSink<T> sink) {
    listing.countDown();
    try {
      gate.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TransientSourceException("list interrupted", TransientSourceException.Reason.CONNECTION_LOST);
    }
    return delegate.list(request, sink);
  }

  @Override
  public WatchHandle watch(WatchRequest request, WatchListener<T> listener) {
    return delegate.watch(request, listener);
  }

  @Override
  public boolean supportsWatchList() {
    return false;
  }
}

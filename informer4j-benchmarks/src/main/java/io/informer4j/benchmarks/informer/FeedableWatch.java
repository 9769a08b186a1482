package io.informer4j.benchmarks.informer;

import io.kubernetes.client.util.Watch;
import io.kubernetes.client.util.Watchable;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A watch for the official Kubernetes Java client that yields what a benchmark {@link #offer
 * offers}, in order, and nothing else: {@link #hasNext()} blocks until an event is offered or the
 * watch is closed (then it returns false, as at the end of a server's stream). An interrupted
 * {@code hasNext()} also returns false, with the interrupt status kept.
 *
 * <p>Thread-safe for one consumer (the client's reflector thread) and any number of producers.
 *
 * @param <T> the object type
 */
public final class FeedableWatch<T> implements Watchable<T> {

  private final LinkedBlockingQueue<Watch.Response<T>> events = new LinkedBlockingQueue<>();
  private final Watch.Response<T> endOfStream = new Watch.Response<>();
  private Watch.Response<T> next;
  private boolean ended;

  /** Queues one event for the consumer. Events offered after {@link #close()} are never yielded. */
  public void offer(Watch.Response<T> event) {
    events.add(event);
  }

  /** Blocks until an event is available (true) or the watch is closed or the thread interrupted (false). */
  @Override
  public boolean hasNext() {
    if (ended) {
      return false;
    }
    if (next == null) {
      try {
        next = events.take();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    if (next == endOfStream) {
      ended = true;
      next = null;
      return false;
    }
    return true;
  }

  /**
   * Returns the next event, blocking like {@link #hasNext()}.
   *
   * @throws NoSuchElementException if the watch is closed
   */
  @Override
  public Watch.Response<T> next() {
    if (!hasNext()) {
      throw new NoSuchElementException("the watch is closed");
    }
    Watch.Response<T> event = next;
    next = null;
    return event;
  }

  /** Returns this watch; it can be iterated once. */
  @Override
  public Iterator<Watch.Response<T>> iterator() {
    return this;
  }

  /** Ends the stream: the consumer's next {@link #hasNext()} returns false once earlier events are taken. */
  @Override
  public void close() {
    events.add(endOfStream);
  }
}

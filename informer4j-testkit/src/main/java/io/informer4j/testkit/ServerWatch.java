package io.informer4j.testkit;

import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.SourceException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.time.Scheduler;
import java.time.Duration;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One open watch on the server side: a mailbox of pending deliveries drained on the API's shared
 * executor, so events reach the listener asynchronously, in order, and never concurrently.
 *
 * <p>Thread-safe. Producers (writers, timers, fault injection) only enqueue; at most one drain runs
 * at a time and yields the thread after a batch so that one busy watch does not starve the others.
 * A watch ends in one of three ways: in order after what is pending ({@link #endAfterPending}, for
 * example after an ERROR event), at once dropping what is pending ({@link #drop}, a broken
 * connection or a timeout), or by the client ({@link #close()}), after which the listener hears
 * nothing more.
 */
final class ServerWatch implements WatchHandle {

  private static final int BATCH = 256;

  private enum Kind { EVENT, MALFORMED, END }

  private record Delivery(Kind kind, WatchEvent<SimObject> event, MalformedObjectException problem, long dueNanos) {
  }

  private record Termination(SourceException error) {
  }

  private final DeliveryContext context;
  private final TypeStore store;
  private final SelectionFilter filter;
  private final boolean allowBookmarks;
  private final WatchListener<SimObject> listener;
  private final Queue<Delivery> mailbox = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean drainScheduled = new AtomicBoolean();
  private final AtomicReference<Termination> termination = new AtomicReference<>();
  private final AtomicInteger eventsBeforeCut;
  private volatile boolean accepting = true;
  private volatile boolean clientClosed;
  private volatile boolean finished;
  private volatile Scheduler.Cancellable timeoutTask;

  /**
   * @param cutAfterEvents end the watch with a lost connection after this many object events; 0
   *                       for never
   */
  ServerWatch(DeliveryContext context, TypeStore store, SelectionFilter filter, boolean allowBookmarks,
              WatchListener<SimObject> listener, int cutAfterEvents) {
    this.context = context;
    this.store = store;
    this.filter = filter;
    this.allowBookmarks = allowBookmarks;
    this.listener = listener;
    this.eventsBeforeCut = new AtomicInteger(cutAfterEvents);
  }

  /** Returns the filter of the watch's selection. */
  SelectionFilter filter() {
    return filter;
  }

  /** Returns true until the watch was asked to end, or was closed. */
  boolean isOpen() {
    return accepting && !finished;
  }

  /** Schedules the server-side timeout, if any, and starts delivering what was enqueued. */
  void start(Duration timeout) {
    if (timeout != null) {
      timeoutTask = context.scheduler().schedule(timeout, () -> drop(null));
    }
    signal();
  }

  /** Enqueues an event. */
  void offer(WatchEvent<SimObject> event) {
    if (accepting) {
      enqueue(Kind.EVENT, event, null);
    }
  }

  /** Enqueues what this watch is sent for a change, if anything. */
  void offerChange(ChangeRecord change) {
    WatchEvent<SimObject> event = filter.eventFor(change);
    if (event != null) {
      offer(event);
    }
  }

  /** Enqueues a bookmark at {@code revision} when the client allowed bookmarks. */
  void offerBookmark(long revision) {
    if (allowBookmarks) {
      offer(WatchEvent.bookmark(Long.toString(revision), false));
    }
  }

  /** Enqueues an event that cannot be decoded: the listener's {@code onMalformed} is called. */
  void offerMalformed(MalformedObjectException problem) {
    if (accepting) {
      enqueue(Kind.MALFORMED, null, problem);
    }
  }

  /**
   * Ends the watch after what is pending: with an ERROR event carrying {@code error} when it is not
   * null, then a clean close, as the API server ends a stream after an error status.
   */
  void endAfterPending(SourceException error) {
    if (!accepting) {
      return;
    }
    if (error != null) {
      enqueue(Kind.EVENT, WatchEvent.error(error), null);
    }
    enqueue(Kind.END, null, null);
    accepting = false;
  }

  /**
   * Ends the watch now, dropping what is pending: {@code onClose(error)}, null for a clean end.
   */
  void drop(SourceException error) {
    accepting = false;
    if (termination.compareAndSet(null, new Termination(error))) {
      signal();
    }
  }

  /** Ends the watch with a lost connection after {@code events} more object events (at least 1). */
  void cutAfter(int events) {
    eventsBeforeCut.set(events);
  }

  /** Stops delivery; the listener hears nothing more except a call already in progress. */
  @Override
  public void close() {
    clientClosed = true;
    accepting = false;
    finish();
  }

  private void enqueue(Kind kind, WatchEvent<SimObject> event, MalformedObjectException problem) {
    mailbox.add(new Delivery(kind, event, problem, context.clock().nanoTime() + context.eventLatencyNanos().getAsLong()));
    signal();
  }

  private void signal() {
    if (drainScheduled.compareAndSet(false, true)) {
      submitDrain();
    }
  }

  private void submitDrain() {
    try {
      context.executor().execute(this::drain);
    } catch (RejectedExecutionException apiClosed) {
      finish();
    }
  }

  private void drain() {
    int budget = BATCH;
    while (!finished && !clientClosed) {
      Termination ended = termination.get();
      if (ended != null) {
        finishNotifying(ended.error());
        return;
      }
      Delivery next = mailbox.peek();
      if (next == null) {
        drainScheduled.set(false);
        if ((mailbox.isEmpty() && termination.get() == null) || !drainScheduled.compareAndSet(false, true)) {
          return;
        }
        continue;
      }
      long waitNanos = next.dueNanos() - context.clock().nanoTime();
      if (waitNanos > 0) {
        Scheduler.Cancellable timer = context.scheduler().schedule(Duration.ofNanos(waitNanos), this::submitDrain);
        boolean dueMeanwhile = context.clock().nanoTime() >= next.dueNanos();
        if (!dueMeanwhile || !timer.cancel()) {
          return;
        }
        continue;
      }
      if (budget-- == 0) {
        submitDrain();
        return;
      }
      mailbox.poll();
      deliver(next);
    }
    mailbox.clear();
  }

  private void deliver(Delivery delivery) {
    try {
      switch (delivery.kind()) {
        case EVENT -> {
          listener.onEvent(delivery.event());
          countTowardsCut(delivery.event().type());
        }
        case MALFORMED -> listener.onMalformed(delivery.problem());
        case END -> finishNotifying(null);
        default -> throw new AssertionError(delivery.kind());
      }
    } catch (RuntimeException listenerFailure) {
      finish();
      Thread current = Thread.currentThread();
      current.getUncaughtExceptionHandler().uncaughtException(current, listenerFailure);
    }
  }

  private void countTowardsCut(WatchEventType type) {
    boolean objectEvent = type == WatchEventType.ADDED || type == WatchEventType.MODIFIED || type == WatchEventType.DELETED;
    if (objectEvent && eventsBeforeCut.get() > 0 && eventsBeforeCut.decrementAndGet() == 0) {
      finishNotifying(new TransientSourceException("simulated connection cut after the injected number of events",
          TransientSourceException.Reason.CONNECTION_LOST));
    }
  }

  private void finishNotifying(SourceException error) {
    if (finish() && !clientClosed) {
      listener.onClose(error);
    }
  }

  /** Marks the watch finished and unregisters it; returns true for the call that finished it. */
  private synchronized boolean finish() {
    if (finished) {
      return false;
    }
    finished = true;
    accepting = false;
    store.watches().remove(this);
    mailbox.clear();
    Scheduler.Cancellable timeout = timeoutTask;
    if (timeout != null) {
      timeout.cancel();
    }
    return true;
  }
}

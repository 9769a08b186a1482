package io.informer4j.etcd.internal;

import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.SourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchListener;
import java.util.ArrayDeque;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands one watch's calls to its listener one at a time, in submission order, on whichever thread
 * submitted while nobody else was delivering; nothing follows {@code onClose}, and nothing at all
 * once cancelled (calls already running finish).
 *
 * <p>While <em>held</em>, submitted calls wait; the single holder thread delivers the initial
 * events itself ({@link #deliverHeld}) and then {@link #release releases}, delivering what waited.
 * Thread-safe.
 *
 * @param <T> the object type
 */
public final class SerialDelivery<T> {

  private static final Logger log = LoggerFactory.getLogger(SerialDelivery.class);

  private final WatchListener<T> listener;
  private final String watchName;
  private final ArrayDeque<Runnable> queue = new ArrayDeque<>();
  private boolean draining;
  private boolean held;
  private boolean ended;
  private boolean cancelled;

  /**
   * @param listener  the consumer's listener
   * @param watchName names the watch in logs
   * @param held      whether to start held (a holder will deliver initial events first)
   */
  public SerialDelivery(WatchListener<T> listener, String watchName, boolean held) {
    this.listener = listener;
    this.watchName = watchName;
    this.held = held;
  }

  /** Queues an event. */
  public void event(WatchEvent<T> event) {
    submit(() -> listener.onEvent(event), false);
  }

  /** Queues a malformed-object report. */
  public void malformed(MalformedObjectException problem) {
    submit(() -> listener.onMalformed(problem), false);
  }

  /** Queues the end of the watch; later submissions are dropped. */
  public void close(SourceException error) {
    submit(() -> listener.onClose(error), true);
  }

  /** Drops everything queued and delivers nothing more (the consumer closed the watch). */
  public void cancel() {
    synchronized (this) {
      cancelled = true;
      queue.clear();
    }
  }

  /** Returns true once the end was queued or the delivery was cancelled. */
  public synchronized boolean isOver() {
    return ended || cancelled;
  }

  /**
   * Delivers an event now; only the holder calls this, while held. Dropped once the watch is over
   * (its end is queued behind the held calls, so the initial state need not go on).
   */
  public void deliverHeld(WatchEvent<T> event) {
    if (!isOver()) {
      invoke(() -> listener.onEvent(event));
    }
  }

  /** Delivers a malformed-object report now; only the holder calls this, while held. */
  public void malformedHeld(MalformedObjectException problem) {
    if (!isOver()) {
      invoke(() -> listener.onMalformed(problem));
    }
  }

  /** Ends the watch with {@code error} now, dropping what waited; only the holder calls this. */
  public void failHeld(SourceException error) {
    synchronized (this) {
      held = false;
      queue.clear();
      if (cancelled) {
        return;
      }
      ended = true;
    }
    invoke(() -> listener.onClose(error));
  }

  /** Stops holding and delivers what waited, on the calling thread. */
  public void release() {
    synchronized (this) {
      held = false;
      if (draining || queue.isEmpty()) {
        return;
      }
      draining = true;
    }
    drain();
  }

  private void submit(Runnable call, boolean terminal) {
    synchronized (this) {
      if (ended || cancelled) {
        return;
      }
      ended = terminal;
      queue.add(call);
      if (draining || held) {
        return;
      }
      draining = true;
    }
    drain();
  }

  private void drain() {
    while (true) {
      Runnable call;
      synchronized (this) {
        call = cancelled || held ? null : queue.poll();
        if (call == null) {
          draining = false;
          return;
        }
      }
      invoke(call);
    }
  }

  private void invoke(Runnable call) {
    try {
      call.run();
    } catch (RuntimeException e) {
      log.warn("watch {}: the listener threw; the watch goes on", watchName, e);
    }
  }
}

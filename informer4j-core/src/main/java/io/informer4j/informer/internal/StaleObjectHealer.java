package io.informer4j.informer.internal;

import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectKey;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.Selection;
import io.informer4j.time.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Heals objects kept stale after a watch event that could not be read: each such key is re-read from
 * the source (a list of its namespace with {@code metadata.name=<name>} added to the informer's
 * selection, at the latest version), one re-read at a time, at most one per {@link #PACE}, requests
 * for the same key coalesced; the fresh object is handed to {@code deliver}, which applies it only if
 * {@link #claim} says no readable state of the key arrived meanwhile. An object that still cannot be read (not counted
 * again as malformed: it is the same object), or a failed re-read, stays stale until a readable event or the next list (never retried in a loop).
 * Thread-safe.
 *
 * @param <T> the object type
 */
final class StaleObjectHealer<T> {

  private static final Logger log = LoggerFactory.getLogger(StaleObjectHealer.class);
  /** The least time between two re-reads of one informer. */
  static final Duration PACE = Duration.ofMillis(100);

  private final String informer;
  private final ListerWatcher<T> source;
  private final Selection selection;
  private final ObjectAdapter<T> adapter;
  private final ObjectIntake<T> intake;
  private final Executor io;
  private final Scheduler scheduler;
  private final BiConsumer<String, T> deliver;
  private final Map<String, ObjectKey> pending = new LinkedHashMap<>();
  private final Set<String> awaiting = new HashSet<>();
  private boolean running;
  private boolean stopped;

  /** @param deliver told of each fresh object, by key, from a thread of {@code io} */
  StaleObjectHealer(String informer, ListerWatcher<T> source, Selection selection, ObjectAdapter<T> adapter,
                    ObjectIntake<T> intake, Executor io, Scheduler scheduler, BiConsumer<String, T> deliver) {
    this.informer = informer;
    this.source = source;
    this.selection = selection;
    this.adapter = adapter;
    this.intake = intake;
    this.io = io;
    this.scheduler = scheduler;
    this.deliver = deliver;
  }

  /** Asks for a re-read of {@code key}; a request already pending for it is not repeated. */
  synchronized void request(ObjectKey key) {
    if (stopped) {
      return;
    }
    pending.putIfAbsent(key.toString(), key);
    awaiting.add(key.toString());
    if (!running) {
      running = true;
      launch(Duration.ZERO);
    }
  }

  /** A readable state, a delete or a list settled {@code key}: no re-read is needed any more. */
  synchronized void settled(String key) {
    pending.remove(key);
    awaiting.remove(key);
  }

  /** A complete list settled every key. */
  synchronized void settledAll() {
    pending.clear();
    awaiting.clear();
  }

  /**
   * Returns true, once, when a re-read object of {@code key} may be applied: nothing settled the key
   * since it was asked for. Call it in the same order as {@link #settled} (under the reflector's lock).
   */
  synchronized boolean claim(String key) {
    return awaiting.remove(key);
  }

  /** Stops: no re-read starts. Idempotent. */
  synchronized void stop() {
    stopped = true;
    pending.clear();
    awaiting.clear();
  }

  /** Must hold the lock. Runs the next re-read on the I/O pool now, or after {@code delay} on the timer. */
  private void launch(Duration delay) {
    try {
      if (delay.isZero()) {
        io.execute(this::next);
      } else {
        scheduler.schedule(delay, () -> {
          try {
            io.execute(this::next);
          } catch (RejectedExecutionException closed) {
            stop();
          }
        });
      }
    } catch (RejectedExecutionException closed) {
      stopped = true;
      running = false;
    }
  }

  private void next() {
    ObjectKey key;
    synchronized (this) {
      if (stopped || pending.isEmpty()) {
        running = false;
        return;
      }
      var first = pending.entrySet().iterator().next();
      key = first.getValue();
      pending.remove(first.getKey());
    }
    reread(key);
    synchronized (this) {
      if (stopped || pending.isEmpty()) {
        running = false;
      } else {
        launch(PACE);
      }
    }
  }

  private void reread(ObjectKey key) {
    String wanted = key.toString();
    Selection one = selection.withNamespace(key.namespace()).withFields(selection.fields().and(FieldSelector.equal("metadata.name", key.name())));
    List<T> found = new ArrayList<>();
    try {
      source.list(ListRequest.of(one, ""), new ListSink<>() {
        @Override
        public void accept(T item) {
          found.add(item);
        }

        @Override
        public void malformed(MalformedObjectException problem) {
          log.debug("informer {}: the re-read {} still cannot be read: {}", informer, wanted, problem.getMessage());
        }
      });
    } catch (RuntimeException e) {
      log.debug("informer {}: re-reading the stale object {} failed; it stays stale until the next list", informer,
          wanted, e);
      return;
    }
    for (T item : found) {
      T object;
      try {
        object = intake.admit(item);
      } catch (MalformedObjectException e) {
        log.debug("informer {}: the re-read {} still cannot be read: {}", informer, wanted, e.getMessage());
        continue;
      }
      if (wanted.equals(adapter.key(object))) {
        log.debug("informer {}: re-read the stale object {}", informer, wanted);
        deliver.accept(wanted, object);
      }
    }
  }
}

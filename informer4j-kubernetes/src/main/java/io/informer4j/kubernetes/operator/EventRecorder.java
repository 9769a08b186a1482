package io.informer4j.kubernetes.operator;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectReference;
import io.fabric8.kubernetes.api.model.ObjectReferenceBuilder;
import io.fabric8.kubernetes.api.model.events.v1.Event;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records Kubernetes Events ({@code events.k8s.io/v1}) about objects, as client-go's event recorder
 * does, without ever blocking the caller:
 * <ul>
 *   <li><b>Rate limited:</b> a token bucket (default 25 at once, one more per second) admits events;
 *       an event without a token is dropped and counted ({@link #rateLimited()}).</li>
 *   <li><b>Never blocking:</b> admitted events go into a bounded queue (default 1000); a full queue
 *       drops the event and counts it ({@link #queueFull()}). One drain at a time writes them on the
 *       executor (by default a daemon thread of the recorder's own).</li>
 *   <li><b>Aggregated into series:</b> an event with the same regarding object, reason and type as
 *       one within the window before it (default 6 minutes after the series' last occurrence, as
 *       client-go) does not make a new Event: the series' Event is updated with
 *       {@code series.count} and {@code series.lastObservedTime}. Events that arrive together are
 *       folded first, so a burst is one write per series. The action and note of a series are its
 *       first event's. At most 4096 series are remembered (the least recently seen go).</li>
 * </ul>
 * Writes go through {@link OperatorWrites}; a refused write is logged and counted
 * ({@link #writeFailures()}) and never reaches the caller; the series' next event writes its state
 * again (after a conflict, over the server's copy of the Event). An Event is created in its object's
 * namespace, or in {@code default} for a cluster-scoped object.
 *
 * <pre>{@code
 * EventRecorder events = EventRecorder.builder(writes, "example.com/website-controller").build();
 * events.event(site, EventType.NORMAL, "Reconciled", "Reconcile", "deployment scaled to 3");
 * }</pre>
 *
 * <p>Thread-safe. {@link #close()} stops taking events and, for its own thread, waits up to 10 s
 * for the writes under way. A recorder is closed with the writes it was built over
 * ({@link OperatorWrites#close()}); writes built for a controller are closed by its manager, so a
 * controller's recorder needs no closing of its own.
 */
public final class EventRecorder implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(EventRecorder.class);
  private static final int MAX_SERIES = 4096;
  private static final int MAX_NOTE = 1024;
  private static final int MAX_REASON = 128;

  /** One admitted event, waiting to be written. */
  private record Pending(EventSeries.Key key, ObjectReference regarding, String namespace, EventType type, String reason,
                         String action, String note, Instant at) {
  }

  private final OperatorWrites writes;
  private final String reportingController;
  private final String reportingInstance;
  private final Duration window;
  private final Clock clock;
  private final TokenBucket bucket;
  private final BlockingQueue<Pending> pending;
  private final Executor executor;
  private final ExecutorService ownExecutor;
  private final AtomicBoolean draining = new AtomicBoolean();
  private final AtomicLong sequence = new AtomicLong();
  private volatile boolean closed;
  /** Touched only by the one drain running. */
  private final Map<EventSeries.Key, EventSeries> series = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<EventSeries.Key, EventSeries> eldest) {
      return size() > MAX_SERIES;
    }
  };
  private final LongAdder accepted = new LongAdder();
  private final LongAdder rateLimited = new LongAdder();
  private final LongAdder queueFull = new LongAdder();
  private final LongAdder aggregated = new LongAdder();
  private final LongAdder written = new LongAdder();
  private final LongAdder writeFailures = new LongAdder();
  private final LongAdder droppedClosed = new LongAdder();

  private EventRecorder(Builder builder) {
    this.writes = builder.writes;
    this.reportingController = builder.reportingController;
    this.reportingInstance = builder.reportingInstance;
    this.window = builder.window;
    this.clock = builder.clock;
    this.bucket = new TokenBucket(builder.burst, builder.refillEvery, clock);
    this.pending = new ArrayBlockingQueue<>(builder.queueCapacity);
    if (builder.executor == null) {
      this.ownExecutor = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "informer4j-events-" + reportingController);
        thread.setDaemon(true);
        return thread;
      });
      this.executor = ownExecutor;
    } else {
      this.ownExecutor = null;
      this.executor = builder.executor;
    }
    writes.closeWith(this);
  }

  /**
   * Starts configuring a recorder writing through {@code writes} as {@code reportingController}
   * (the Event's {@code reportingController}, for example {@code example.com/website-controller}).
   *
   * @throws IllegalArgumentException if the controller name is blank or longer than 128 characters
   */
  public static Builder builder(OperatorWrites writes, String reportingController) {
    return new Builder(writes, reportingController);
  }

  /**
   * Records an event about {@code regarding}; returns at once (see the class comment for what is
   * dropped). A note longer than 1024 characters is cut.
   *
   * @param regarding the object the event is about (its kind, name, namespace and uid are referenced)
   * @param type      normal or warning
   * @param reason    why, in UpperCamelCase, for example {@code ScalingUp}; at most 128 characters
   * @param action    what was done or failed, for example {@code Scale}; at most 128 characters
   * @param note      a human-readable description
   * @return true when the event was taken for writing, false when dropped (rate limit, full queue,
   *     closed: counted in {@link #droppedClosed()})
   * @throws IllegalArgumentException if the object has no name, or the reason or action is blank or too long
   */
  public boolean event(HasMetadata regarding, EventType type, String reason, String action, String note) {
    Objects.requireNonNull(regarding, "regarding");
    Objects.requireNonNull(type, "type");
    requireShortText("reason", reason);
    requireShortText("action", action);
    ObjectMeta metadata = regarding.getMetadata();
    if (metadata == null || metadata.getName() == null || metadata.getName().isEmpty()) {
      throw new IllegalArgumentException("an event needs a regarding object with a name, got " + regarding.getKind());
    }
    if (closed) {
      droppedClosed.increment();
      return false;
    }
    if (!bucket.tryAcquire()) {
      rateLimited.increment();
      return false;
    }
    String namespace = metadata.getNamespace() == null || metadata.getNamespace().isEmpty() ? "default"
        : metadata.getNamespace();
    ObjectReference reference = new ObjectReferenceBuilder().withApiVersion(regarding.getApiVersion())
        .withKind(regarding.getKind()).withName(metadata.getName()).withNamespace(metadata.getNamespace())
        .withUid(metadata.getUid()).withResourceVersion(metadata.getResourceVersion()).build();
    EventSeries.Key key = new EventSeries.Key(metadata.getUid(), regarding.getKind(), metadata.getNamespace(),
        metadata.getName(), type, reason);
    String text = note == null ? "" : note.length() > MAX_NOTE ? note.substring(0, MAX_NOTE) : note;
    if (!pending.offer(new Pending(key, reference, namespace, type, reason, action, text, clock.instant()))) {
      queueFull.increment();
      return false;
    }
    accepted.increment();
    scheduleDrain();
    return true;
  }

  /** Returns the events taken for writing. */
  public long accepted() {
    return accepted.sum();
  }

  /** Returns the events dropped by the rate limit. */
  public long rateLimited() {
    return rateLimited.sum();
  }

  /** Returns the events dropped because the queue was full. */
  public long queueFull() {
    return queueFull.sum();
  }

  /** Returns the events folded into an existing series instead of making a new Event. */
  public long aggregated() {
    return aggregated.sum();
  }

  /** Returns the Event writes (creates and series updates) the server accepted. */
  public long written() {
    return written.sum();
  }

  /** Returns the Event writes that failed (logged, not retried). */
  public long writeFailures() {
    return writeFailures.sum();
  }

  /** Returns the events dropped because the recorder was closed: offered after, or still waiting then. */
  public long droppedClosed() {
    return droppedClosed.sum();
  }

  /**
   * Stops taking events; idempotent. A recorder with its own thread waits up to 10 s for the writes
   * under way (its thread has ended when this returns in time); with an executor of the caller's it
   * does not wait. Events still waiting after that are dropped and counted ({@link #droppedClosed()}),
   * logged at WARN with their number.
   */
  @Override
  public void close() {
    closed = true;
    writes.forget(this);
    if (ownExecutor != null) {
      ownExecutor.shutdown();
      try {
        if (!ownExecutor.awaitTermination(10, TimeUnit.SECONDS)) {
          log.warn("event recorder {}: writes still under way after 10 s", reportingController);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (ownExecutor != null || !draining.get()) {
      int left = pending.size();
      pending.clear();
      if (left > 0) {
        droppedClosed.add(left);
        log.warn("event recorder {}: closed with {} events not written (dropped)", reportingController, left);
      }
    }
  }

  private void scheduleDrain() {
    if (draining.compareAndSet(false, true)) {
      try {
        executor.execute(this::drain);
      } catch (RejectedExecutionException stopped) {
        draining.set(false);
      }
    }
  }

  private void drain() {
    do {
      List<Pending> batch = new ArrayList<>();
      pending.drainTo(batch);
      for (EventSeries one : fold(batch)) {
        write(one);
      }
      draining.set(false);
    } while (!pending.isEmpty() && draining.compareAndSet(false, true));
  }

  private Set<EventSeries> fold(List<Pending> batch) {
    Set<EventSeries> dirty = new LinkedHashSet<>();
    for (Pending event : batch) {
      EventSeries known = series.get(event.key());
      if (known != null && known.accepts(event.at(), window)) {
        known.observe(event.at());
        aggregated.increment();
        dirty.add(known);
      } else {
        EventSeries fresh = new EventSeries(eventName(event), event.namespace(), event.regarding(), event.type(),
            event.reason(), event.action(), event.note(), event.at());
        series.put(event.key(), fresh);
        dirty.add(fresh);
      }
    }
    return dirty;
  }

  private String eventName(Pending event) {
    Instant at = event.at();
    long nanos = at.getEpochSecond() * 1_000_000_000L + at.getNano();
    return event.regarding().getName() + "." + Long.toHexString(nanos) + Long.toHexString(sequence.getAndIncrement());
  }

  private void write(EventSeries one) {
    try {
      Event event = one.toEvent(reportingController, reportingInstance);
      one.written(one.written() == null ? writes.create(event) : writes.update(event));
      written.increment();
    } catch (ApiWriteException e) {
      writeFailures.increment();
      log.warn("event recorder {}: an Event not written (the series' next event writes it): {}", reportingController,
          e.getMessage());
      resync(one, e);
    } catch (RuntimeException e) {
      writeFailures.increment();
      log.warn("event recorder {}: Event not written", reportingController, e);
    }
  }

  /** After a refused write, continues the series from the server's copy of its Event (none when it is gone). */
  private void resync(EventSeries one, ApiWriteException refusal) {
    if (refusal.statusCode() == 404) {
      one.written(null);
    } else if (refusal instanceof WriteConflictException) {
      try {
        one.written(writes.read(one.toEvent(reportingController, reportingInstance)).orElse(null));
      } catch (ApiWriteException unreadable) {
        log.debug("event recorder {}: the Event could not be read back", reportingController, unreadable);
      }
    }
  }

  private static void requireShortText(String what, String text) {
    if (text == null || text.isBlank() || text.length() > MAX_REASON) {
      throw new IllegalArgumentException("an event's " + what + " must be 1 to " + MAX_REASON + " characters, got '"
          + text + "'");
    }
  }

  /** Configures an {@link EventRecorder}. Not thread-safe. */
  public static final class Builder {

    private final OperatorWrites writes;
    private final String reportingController;
    private String reportingInstance;
    private Duration window = Duration.ofMinutes(6);
    private int burst = 25;
    private Duration refillEvery = Duration.ofSeconds(1);
    private int queueCapacity = 1000;
    private Executor executor;
    private Clock clock = Clock.systemUTC();

    private Builder(OperatorWrites writes, String reportingController) {
      this.writes = Objects.requireNonNull(writes, "writes");
      requireShortText("reportingController", reportingController);
      this.reportingController = reportingController;
      String host = System.getenv("HOSTNAME");
      this.reportingInstance = reportingController + "-" + (host == null || host.isBlank() ? "unknown" : host);
    }

    /** Sets the Events' {@code reportingInstance} (default: the controller name and {@code HOSTNAME}). */
    public Builder reportingInstance(String instance) {
      requireShortText("reportingInstance", instance);
      this.reportingInstance = instance;
      return this;
    }

    /**
     * Sets how long after a series' last event a same event still joins it (default 6 minutes).
     *
     * @throws IllegalArgumentException if negative
     */
    public Builder seriesWindow(Duration window) {
      if (window.isNegative()) {
        throw new IllegalArgumentException("the series window must not be negative: " + window);
      }
      this.window = window;
      return this;
    }

    /**
     * Sets the token bucket: {@code burst} events at once, one more every {@code refillEvery}
     * (default 25 and 1 s).
     *
     * @throws IllegalArgumentException if {@code burst} is below 1 or the period not positive
     */
    public Builder rateLimit(int burst, Duration refillEvery) {
      if (burst < 1 || refillEvery.isNegative() || refillEvery.isZero()) {
        throw new IllegalArgumentException("the rate limit needs a burst of at least 1 and a positive refill period, got "
            + burst + " and " + refillEvery);
      }
      this.burst = burst;
      this.refillEvery = refillEvery;
      return this;
    }

    /**
     * Sets how many events may wait for writing (default 1000).
     *
     * @throws IllegalArgumentException if below 1
     */
    public Builder queueCapacity(int capacity) {
      if (capacity < 1) {
        throw new IllegalArgumentException("the event queue needs room for at least one event, got " + capacity);
      }
      this.queueCapacity = capacity;
      return this;
    }

    /** Writes on {@code executor} (never shut down by the recorder) instead of a thread of its own. */
    public Builder executor(Executor executor) {
      this.executor = Objects.requireNonNull(executor, "executor");
      return this;
    }

    /** Sets the clock of event times, series windows and the rate limit (default UTC system clock). */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /** Returns the recorder; it makes its own thread unless given an executor. */
    public EventRecorder build() {
      return new EventRecorder(this);
    }
  }
}

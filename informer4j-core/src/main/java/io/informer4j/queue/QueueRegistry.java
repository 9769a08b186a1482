package io.informer4j.queue;

import io.informer4j.meta.TypeKey;
import io.informer4j.time.Clock;
import io.informer4j.time.Scheduler;
import io.informer4j.time.internal.OwnedScheduler;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The per-type work queues of a shared informer factory, keyed by {@link TypeKey}, plus one default
 * queue (named {@value WorkQueueBuilder#DEFAULT_NAME}) for types without a queue of their own.
 *
 * <p>Each registered queue is named after its type in kubectl's fully qualified form,
 * {@code Kind.version.group} ({@code "Deployment.v1.apps"}, {@code "Pod.v1"} for the core group), so
 * logs and the metrics' {@code name} label tell queues apart with readable values. Registered queues
 * publish their metrics from registration; the default queue publishes its own (as {@code name="default"})
 * only from the first item routed to it, so a registry whose types all have queues shows no series
 * for it. {@link #register} on a known type keeps the existing queue
 * (its queued items and waiting workers stay routed) and only updates its depth cap; replacing a
 * queue takes an explicit {@link #shutdownQueue} first.
 *
 * <p>All queues share one scheduler for their delayed adds: the one given to the builder, or a
 * single timer thread owned by the registry and ended by {@link #shutdownAll()}. No queue owns a
 * thread of its own.
 *
 * <p>Thread-safe. Lookups do not lock; registration and shutdown are serialized.
 */
public final class QueueRegistry implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(QueueRegistry.class);

  private final ConcurrentHashMap<TypeKey, PriorityWorkQueue<QueueItem>> queues = new ConcurrentHashMap<>();
  private final Clock clock;
  private final OwnedScheduler ownedScheduler;
  private final Scheduler scheduler;
  private final MeterRegistry meterRegistry;
  private final Supplier<? extends RateLimiter<QueueItem>> rateLimiters;
  private final QueueOrdering ordering;
  private final PriorityWorkQueue<QueueItem> defaultQueue;
  private boolean shutDown;

  private QueueRegistry(Builder settings) {
    this.clock = settings.clock;
    this.ownedScheduler = settings.scheduler == null ? new OwnedScheduler("informer4j-queue-registry-timer") : null;
    this.scheduler = settings.scheduler == null ? ownedScheduler : settings.scheduler;
    this.meterRegistry = settings.meterRegistry;
    this.rateLimiters = settings.rateLimiters != null ? settings.rateLimiters : () -> RateLimiter.defaultController(clock);
    this.ordering = settings.ordering;
    this.defaultQueue = newQueue(WorkQueueBuilder.DEFAULT_NAME, 0, true);
  }

  /** Returns a registry builder; the defaults are those of {@link WorkQueueBuilder}. */
  public static Builder builder() {
    return new Builder();
  }

  /** Returns the name of {@code type}'s queue: {@code Kind.version.group}, or {@code Kind.version} for the core group. */
  static String queueName(TypeKey type) {
    String name = type.kind() + "." + type.version();
    return type.group().isEmpty() ? name : name + "." + type.group();
  }

  private PriorityWorkQueue<QueueItem> newQueue(String name, int maxDepth, boolean metricsOnFirstAdd) {
    WorkQueueBuilder<QueueItem> builder = WorkQueue.<QueueItem>builder()
        .name(name)
        .clock(clock)
        .scheduler(scheduler)
        .rateLimiter(rateLimiters.get())
        .ordering(ordering)
        .maxDepth(maxDepth);
    if (meterRegistry != null) {
      builder.meterRegistry(meterRegistry);
      if (metricsOnFirstAdd) {
        builder.metricsOnFirstAdd();
      }
    }
    return builder.build();
  }

  /**
   * Returns the queue of {@code type}, creating it without a depth cap; for a known type, keeps the
   * queue and removes its cap.
   *
   * @throws IllegalStateException after {@link #shutdownAll()}
   */
  public PriorityWorkQueue<QueueItem> register(TypeKey type) {
    return register(type, PriorityWorkQueue.UNBOUNDED);
  }

  /**
   * Returns the queue of {@code type}, creating it with depth cap {@code maxDepth}
   * ({@link PriorityWorkQueue#UNBOUNDED} for none); for a known type, keeps the queue and sets its
   * cap to {@code maxDepth}.
   *
   * @throws IllegalArgumentException if {@code maxDepth} is negative
   * @throws IllegalStateException    after {@link #shutdownAll()}
   */
  public synchronized PriorityWorkQueue<QueueItem> register(TypeKey type, int maxDepth) {
    Objects.requireNonNull(type, "type");
    WorkQueueBuilder.checkMaxDepth(maxDepth);
    if (shutDown) {
      throw new IllegalStateException("queue registry is shut down; cannot register a queue for " + type);
    }
    PriorityWorkQueue<QueueItem> existing = queues.get(type);
    if (existing != null) {
      existing.setMaxDepth(maxDepth);
      return existing;
    }
    PriorityWorkQueue<QueueItem> queue = newQueue(queueName(type), maxDepth, false);
    queues.put(type, queue);
    LOG.debug("registered work queue for {} (max depth {})", type, maxDepth);
    return queue;
  }

  /** Returns the queue registered for {@code type}, if any. */
  public Optional<PriorityWorkQueue<QueueItem>> lookup(TypeKey type) {
    return Optional.ofNullable(queues.get(Objects.requireNonNull(type, "type")));
  }

  /** Returns the queue registered for {@code type}, or the default queue. */
  public PriorityWorkQueue<QueueItem> queueFor(TypeKey type) {
    return lookup(type).orElse(defaultQueue);
  }

  /** Returns the default queue, for types without a queue of their own. */
  public PriorityWorkQueue<QueueItem> defaultQueue() {
    return defaultQueue;
  }

  /** Returns the {@link WorkQueue#len()} of {@code type}'s queue, or 0 if it has none. */
  public int depth(TypeKey type) {
    return lookup(type).map(WorkQueue::len).orElse(0);
  }

  /** Returns the types that have a queue. */
  public Set<TypeKey> types() {
    return Set.copyOf(queues.keySet());
  }

  /**
   * Shuts down the queue of {@code type} (see {@link WorkQueue#shutDown()}) and removes it, so a
   * later {@link #register} creates a new one.
   *
   * @throws QueueNotFoundException with the message {@code "queue not found for <type>"} if none
   */
  public synchronized void shutdownQueue(TypeKey type) {
    PriorityWorkQueue<QueueItem> queue = queues.remove(Objects.requireNonNull(type, "type"));
    if (queue == null) {
      throw new QueueNotFoundException(type);
    }
    queue.shutDown();
  }

  /**
   * Shuts down every queue, the default one included, and ends the registry's timer thread if it
   * owns one. Later registrations fail. Idempotent.
   */
  public synchronized void shutdownAll() {
    shutDown = true;
    List<PriorityWorkQueue<QueueItem>> all = List.copyOf(queues.values());
    queues.clear();
    all.forEach(WorkQueue::shutDown);
    defaultQueue.shutDown();
    if (ownedScheduler != null) {
      ownedScheduler.close();
    }
  }

  /** Same as {@link #shutdownAll()}. */
  @Override
  public void close() {
    shutdownAll();
  }

  /** Settings of the queues a registry creates. Not thread-safe; build once. */
  public static final class Builder {
    private Clock clock = Clock.system();
    private Scheduler scheduler;
    private MeterRegistry meterRegistry;
    private Supplier<? extends RateLimiter<QueueItem>> rateLimiters;
    private QueueOrdering ordering = QueueOrdering.fifo();

    private Builder() {
    }

    /** Sets the clock of every queue; use with a matching {@link #scheduler}. */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /** Sets the scheduler every queue shares; the registry then owns no thread and does not shut it down. */
    public Builder scheduler(Scheduler scheduler) {
      this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
      return this;
    }

    /** Publishes every queue's metrics to {@code registry}, tagged with the queue's name. */
    public Builder meterRegistry(MeterRegistry registry) {
      this.meterRegistry = Objects.requireNonNull(registry, "registry");
      return this;
    }

    /**
     * Sets the factory of each queue's rate limiter (one per queue, since limiters keep per-item
     * state); by default client-go's default controller limiter on the registry's clock.
     */
    public Builder rateLimiters(Supplier<? extends RateLimiter<QueueItem>> rateLimiters) {
      this.rateLimiters = Objects.requireNonNull(rateLimiters, "rateLimiters");
      return this;
    }

    /** Sets the ordering of every queue; FIFO by default. */
    public Builder ordering(QueueOrdering ordering) {
      this.ordering = Objects.requireNonNull(ordering, "ordering");
      return this;
    }

    /** Builds the registry with its default queue. */
    public QueueRegistry build() {
      return new QueueRegistry(this);
    }
  }
}

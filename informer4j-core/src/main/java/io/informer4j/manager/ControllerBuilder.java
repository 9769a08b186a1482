package io.informer4j.manager;

import io.informer4j.controller.Controller;
import io.informer4j.controller.EventPredicate;
import io.informer4j.controller.KeyMapper;
import io.informer4j.controller.KeyPredicate;
import io.informer4j.controller.NamespaceGuard;
import io.informer4j.controller.ReconcileGate;
import io.informer4j.controller.Reconciler;
import io.informer4j.coordination.ShardCoordinator;
import io.informer4j.controller.NamespaceFilter;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.queue.RateLimiter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Declares a controller of a {@link Manager}, as controller-runtime's builder does: its primary type
 * ({@code For}), any number of watched types with a mapping to primary keys ({@code Watches}),
 * predicates, namespace rules, sharding, resync and worker settings; {@link #reconcile} completes it. The controller
 * owns its queue of primary keys; a burst of changes of one key is one reconcile.
 *
 * <p>Read-your-writes is on by default: writes recorded in {@link #ownWrites()} hold the next
 * reconcile of the written primary key back until the cache has seen them (see {@link OwnWrites});
 * {@link #readYourWrites(boolean)} turns it off.
 *
 * <p>Not thread-safe; the controller it builds is.
 *
 * @param <T> the primary type's objects
 */
public final class ControllerBuilder<T> {

  /**
   * One watched type: how its objects map to primary keys (null for the primary type: each object is
   * its own key), and which of its events count.
   */
  record Watch<S>(ObjectType<S> type, KeyMapper<S> mapper, List<EventPredicate<S>> predicates) {
  }

  private final Manager manager;
  private final String name;
  private final ObjectType<T> primary;
  private final List<EventPredicate<T>> primaryPredicates = new ArrayList<>();
  private final List<Watch<?>> secondary = new ArrayList<>();
  private final List<KeyPredicate> keyPredicates = new ArrayList<>();
  private NamespaceFilter namespaces = NamespaceFilter.none();
  private ShardCoordinator sharding;
  private ReconcileGate<ObjectKey> gate;
  private Duration resyncPeriod;
  private int workers = 1;
  private Duration reconcileTimeout;
  private Duration stuckThreshold = Controller.DEFAULT_STUCK_THRESHOLD;
  private RateLimiter<ObjectKey> rateLimiter;
  private final OwnWrites ownWrites;
  private final ClosedOnStop closedOnStop;
  private boolean readYourWrites = true;
  private Duration readYourWritesTimeout = Duration.ofSeconds(5);

  ControllerBuilder(Manager manager, String name, ObjectType<T> primary) {
    this.manager = manager;
    this.name = name;
    this.primary = primary;
    this.ownWrites = new OwnWrites(name);
    this.closedOnStop = new ClosedOnStop(name);
  }

  /** Returns the controller's name. */
  public String name() {
    return name;
  }

  /**
   * Returns where the controller's reconciler records its own writes (see {@link OwnWrites}); the
   * same instance before and after {@link #reconcile}, so a reconciler can capture it. It tracks
   * nothing until the controller is registered, nor ever with read-your-writes off.
   */
  public OwnWrites ownWrites() {
    return ownWrites;
  }

  /**
   * Hands {@code resource} to the controller: it is closed when the controller stops (when its
   * manager stops, after the controller's workers ended and before the cache stops; resources are
   * closed last added first), or at once if the controller has stopped already. The Kubernetes
   * toolkit's writes and Event recorders built for a controller
   * ({@code OperatorWrites.builder(client).forController(controllerBuilder)}) hand themselves over
   * this way. A resource of a controller never registered ({@link #reconcile} not called) is not
   * closed. Thread-safe, unlike the rest of the builder; what a close throws is logged.
   */
  public ControllerBuilder<T> closeOnStop(AutoCloseable resource) {
    closedOnStop.add(Objects.requireNonNull(resource, "resource"));
    return this;
  }

  /**
   * Turns read-your-writes on (the default) or off. Off, {@link OwnWrites#record} records nothing,
   * no reconcile is held back and {@link OwnWrites#notOwnWrites} accepts every event.
   */
  public ControllerBuilder<T> readYourWrites(boolean enabled) {
    this.readYourWrites = enabled;
    return this;
  }

  /**
   * Sets how long an own write may hold its key's next reconcile back before the reconcile runs anyway
   * (counted; default 5 s).
   *
   * @throws IllegalArgumentException if not positive
   */
  public ControllerBuilder<T> readYourWritesTimeout(Duration timeout) {
    Objects.requireNonNull(timeout, "timeout");
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("controller '" + name + "': read-your-writes timeout must be positive, got "
          + timeout);
    }
    this.readYourWritesTimeout = timeout;
    return this;
  }

  /** Adds predicates to the primary type's events; all must accept. */
  @SafeVarargs
  public final ControllerBuilder<T> predicates(EventPredicate<T>... predicates) {
    primaryPredicates.addAll(Arrays.asList(predicates));
    return this;
  }

  /**
   * Watches {@code type} too: each of its events that {@code predicates} accept reconciles the
   * primary keys {@code mapper} returns (controller-runtime's {@code Watches} with
   * {@code EnqueueRequestsFromMapFunc}).
   */
  @SafeVarargs
  public final <S> ControllerBuilder<T> watches(ObjectType<S> type, KeyMapper<S> mapper, EventPredicate<S>... predicates) {
    secondary.add(new Watch<>(Objects.requireNonNull(type, "type"), Objects.requireNonNull(mapper, "mapper"),
        List.of(predicates)));
    return this;
  }

  /**
   * Adds a filter over the primary keys every watch maps to (for example shard ownership); a key it
   * rejects is dropped before the queue and counted.
   */
  public ControllerBuilder<T> keyFilter(KeyPredicate predicate) {
    keyPredicates.add(Objects.requireNonNull(predicate, "predicate"));
    return this;
  }

  /**
   * Applies namespace rules: keys of namespaces the rules reject are dropped before the queue and
   * counted (tier 2), and a reconcile of such a key is skipped (tier 3). Restricted wins. What is
   * listed and watched at all (tier 1) is the cache's business: set the namespaces of the manager's
   * {@link io.informer4j.reader.CacheOptions}, so the controller and every reader share the informers.
   */
  public ControllerBuilder<T> namespaces(NamespaceFilter filter) {
    this.namespaces = Objects.requireNonNull(filter, "filter");
    return this;
  }

  /**
   * Shards the controller's keys among the replicas of {@code coordinator}'s group: only keys of the
   * shards this replica holds reach the queue (others are dropped and counted as
   * {@code enqueue-filter}), workers drop a key whose shard stopped being held, and the cached keys of
   * every shard gained are queued again at once (as resyncs). The manager starts the coordinator
   * with its cache and closes it after its controllers stopped (releasing the shards); several
   * controllers may share one coordinator. See docs/SHARDING.md.
   *
   * @throws IllegalStateException if the controller is sharded already
   */
  public ControllerBuilder<T> sharded(ShardCoordinator coordinator) {
    Objects.requireNonNull(coordinator, "coordinator");
    if (sharding != null) {
      throw new IllegalStateException("controller '" + name + "' is sharded already");
    }
    this.sharding = coordinator;
    return this;
  }

  /**
   * Asks {@code gate} before every reconcile (see {@link Controller.Builder#gate}): for a controller
   * whose work all belongs to one shard, as a fleet's cluster does
   * ({@code ownership.gate(key -> shard)}, with a {@link #keyFilter} on the shard being active).
   * Neither with {@link #sharded} nor under the manager's leader election, which gate the controller
   * themselves.
   *
   * @throws IllegalStateException if the controller is gated already
   */
  public ControllerBuilder<T> gate(ReconcileGate<ObjectKey> gate) {
    Objects.requireNonNull(gate, "gate");
    if (this.gate != null) {
      throw new IllegalStateException("controller '" + name + "' is gated already");
    }
    this.gate = gate;
    return this;
  }

  /**
   * Sets the number of workers (default 1).
   *
   * @throws IllegalArgumentException if not positive
   */
  public ControllerBuilder<T> workers(int workers) {
    if (workers <= 0) {
      throw new IllegalArgumentException("controller '" + name + "' needs at least one worker, got " + workers);
    }
    this.workers = workers;
    return this;
  }

  /**
   * Sets how often every cached object of every watched type is delivered to the controller again,
   * unchanged (a resync: its keys are queued at low priority): {@link Duration#ZERO} for never,
   * otherwise at least one second. By default the controller gets the resync period of the informers
   * it watches, which the manager's {@link io.informer4j.reader.CacheOptions} set (none unless set).
   *
   * @throws IllegalArgumentException if negative
   */
  public ControllerBuilder<T> resyncPeriod(Duration period) {
    Objects.requireNonNull(period, "period");
    if (period.isNegative()) {
      throw new IllegalArgumentException("controller '" + name + "': resync period must not be negative, got " + period);
    }
    this.resyncPeriod = period;
    return this;
  }

  /**
   * Sets how long a reconcile may run before it counts as stuck (default 60 s): reported once at WARN
   * with its key and its worker's stack, counted, shown in {@link ControllerStatus#stuckReconciles()};
   * when every worker is stuck, the manager is not ready. See {@link Controller.Builder#stuckThreshold}.
   *
   * @throws IllegalArgumentException if not positive
   */
  public ControllerBuilder<T> stuckThreshold(Duration threshold) {
    Objects.requireNonNull(threshold, "threshold");
    if (threshold.isNegative() || threshold.isZero()) {
      throw new IllegalArgumentException("controller '" + name + "': stuck threshold must be positive, got " + threshold);
    }
    this.stuckThreshold = threshold;
    return this;
  }

  /**
   * Interrupts a reconcile that runs longer than {@code timeout} (none by default: an interrupt only
   * stops code that waits interruptibly, and may cut a sequence of writes in the middle; a reconcile
   * that does not return is reported as stuck instead, see {@link #stuckThreshold}).
   */
  public ControllerBuilder<T> reconcileTimeout(Duration timeout) {
    this.reconcileTimeout = Objects.requireNonNull(timeout, "timeout");
    return this;
  }

  /** Sets the rate limiter of retries (default: exponential, 5 ms to 1000 s). */
  public ControllerBuilder<T> rateLimiter(RateLimiter<ObjectKey> rateLimiter) {
    this.rateLimiter = Objects.requireNonNull(rateLimiter, "rateLimiter");
    return this;
  }

  /**
   * Completes the controller with {@code reconciler}, called with the key of each primary object to
   * reconcile (read it from the manager's cache; it is gone when the read finds nothing), and
   * registers it with the manager: its informers are registered with the cache now, its workers
   * start when the manager runs and every watched type has synced.
   *
   * @throws IllegalArgumentException if the manager has a controller of that name, or a type is
   *     watched twice
   * @throws IllegalStateException    if the manager has started
   * @throws RuntimeException         what the cache throws for a type it cannot serve
   */
  public Controller<ObjectKey> reconcile(Reconciler<ObjectKey> reconciler) {
    Objects.requireNonNull(reconciler, "reconciler");
    List<Watch<?>> watches = new ArrayList<>();
    watches.add(new Watch<>(primary, null, List.copyOf(primaryPredicates)));
    watches.addAll(secondary);
    Reconciler<ObjectKey> guarded = reconciler;
    if (namespaces.isActive()) {
      guarded = new NamespaceGuard<>(name, namespaces.matcher(), ObjectKey::namespace, key -> false, reconciler,
          manager.meterRegistry());
    }
    return manager.register(new ControllerSpec<>(name, primary, watches, namespaces, List.copyOf(keyPredicates),
        sharding, gate, resyncPeriod, workers, reconcileTimeout, stuckThreshold, rateLimiter, guarded, ownWrites,
        readYourWrites ? readYourWritesTimeout : null, closedOnStop));
  }

  /**
   * Everything a manager needs to run a declared controller; {@code sharding} is null when not
   * sharded, {@code gate} when not gated, {@code resyncPeriod} for the informers' default,
   * {@code readYourWritesTimeout} when read-your-writes is off; {@code closedOnStop} is closed when the
   * controller stops.
   */
  record ControllerSpec<T>(String name, ObjectType<T> primary, List<Watch<?>> watches, NamespaceFilter namespaces,
                           List<KeyPredicate> keyFilters, ShardCoordinator sharding, ReconcileGate<ObjectKey> gate,
                           Duration resyncPeriod,
                           int workers, Duration reconcileTimeout, Duration stuckThreshold,
                           RateLimiter<ObjectKey> rateLimiter,
                           Reconciler<ObjectKey> reconciler, OwnWrites ownWrites, Duration readYourWritesTimeout,
                           ClosedOnStop closedOnStop) {
  }
}

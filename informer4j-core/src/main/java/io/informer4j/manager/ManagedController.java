package io.informer4j.manager;

import io.informer4j.controller.Controller;
import io.informer4j.controller.EnqueueCounters;
import io.informer4j.controller.EnqueueHandler;
import io.informer4j.controller.KeyPredicate;
import io.informer4j.controller.ReconcileGate;
import io.informer4j.coordination.ShardCoordinator;
import io.informer4j.coordination.ShardOwnership;
import io.informer4j.informer.EventHandler;
import io.informer4j.informer.HandlerOptions;
import io.informer4j.informer.HandlerRegistration;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.PriorityWorkQueue;
import io.informer4j.queue.WorkQueue;
import io.informer4j.reader.InformersMap;
import io.informer4j.reader.MapEntry;
import io.informer4j.source.Backend;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.function.ToDoubleFunction;

/**
 * One controller of a {@link Manager}, wired: its queue and workers on the manager's runtime, one
 * {@link EnqueueHandler} per watched type on every informer of that type (the one path from events to
 * its queue: predicates, key mapping, namespace rules, key filters, read-your-writes bookkeeping,
 * priority), its gate (leadership or shard ownership) and barrier, and its counters bound to the
 * manager's meters. Thread-safe.
 */
final class ManagedController {

  /** What the wiring needs from the manager. */
  record Context(Backend backend, InformersMap cache, InformerRuntime runtime, MeterRegistry meterRegistry,
                 ReconcileGate<ObjectKey> gate, RecordedWrites recorded) {
  }

  private final ControllerBuilder.ControllerSpec<?> spec;
  private final Controller<ObjectKey> controller;
  private final List<TypeKey> watches;
  private final EnqueueCounters counters = new EnqueueCounters();
  private final List<Watched<?>> watched = new ArrayList<>();

  /** A watched type's handler and the informers it is on. */
  private record Watched<S>(EnqueueHandler<S, ObjectKey> handler, List<MapEntry<S>> entries) {
    int requeue(BiPredicate<TypeKey, ObjectKey> which) {
      int enqueued = 0;
      for (MapEntry<S> entry : entries) {
        enqueued += handler.requeue(entry.informer().indexer().list(), which);
      }
      return enqueued;
    }
  }

  private ManagedController(ControllerBuilder.ControllerSpec<?> spec, Context context) {
    this.spec = spec;
    List<TypeKey> types = new ArrayList<>();
    for (ControllerBuilder.Watch<?> watch : spec.watches()) {
      if (types.contains(watch.type().key())) {
        throw new IllegalArgumentException("controller '" + spec.name() + "' watches " + watch.type().key() + " twice");
      }
      types.add(watch.type().key());
    }
    this.watches = List.copyOf(types);
    if (spec.sharding() != null && context.gate() != null) {
      throw new IllegalArgumentException("controller '" + spec.name() + "' is sharded, but the manager runs under "
          + "leader election: the replicas of a sharded controller all work at once, each on its own shards");
    }
    if (spec.gate() != null && (spec.sharding() != null || context.gate() != null)) {
      throw new IllegalArgumentException("controller '" + spec.name() + "' has a gate of its own, but is "
          + (spec.sharding() != null ? "sharded" : "under the manager's leader election") + ", which gates it already");
    }
    PriorityWorkQueue<ObjectKey> queue = queue(context);
    OwnWriteTracking tracking = spec.readYourWritesTimeout() == null ? null : OwnWriteTracking.bind(spec, context);
    Controller.Builder<ObjectKey> builder = Controller.builder(spec.name(),
            tracking == null ? spec.reconciler() : tracking.watched(spec.reconciler()))
        .queue(queue).workers(spec.workers()).clock(context.runtime().clock())
        .scheduler(context.runtime().scheduler()).threadFactory(context.runtime().threadFactory())
        .meterRegistry(context.meterRegistry());
    if (spec.reconcileTimeout() != null) {
      builder.reconcileTimeout(spec.reconcileTimeout());
    }
    builder.stuckThreshold(spec.stuckThreshold());
    List<KeyPredicate> keyFilters = new ArrayList<>(spec.keyFilters());
    if (spec.sharding() != null) {
      ShardOwnership ownership = spec.sharding().ownership();
      keyFilters.add(ownership);
      builder.gate(ownership.gate(spec.primary().key()));
    } else if (context.gate() != null) {
      builder.gate(context.gate());
    } else if (spec.gate() != null) {
      builder.gate(spec.gate());
    }
    Map<TypeKey, EventHandler<?>> observers = Map.of();
    if (tracking != null) {
      builder.barrier(tracking.barrier());
      observers = tracking.observers();
    }
    Scope primaryScope = context.cache().scopeOf(spec.primary().key());
    for (ControllerBuilder.Watch<?> watch : spec.watches()) {
      for (HandlerRegistration registration : watch(watch, context, primaryScope, keyFilters, queue, observers)) {
        builder.waitFor(registration + " synced", registration.synced());
      }
    }
    this.controller = builder.build();
    bindCounters(context.meterRegistry());
  }

  /**
   * Wires the controller {@code spec} declares: registers its informers with the cache and its
   * handlers on them; its workers start with {@link Controller#startAsync()}.
   *
   * @throws IllegalArgumentException if a type is watched twice, or the controller is sharded or has
   *     a gate of its own under a manager with leader election, or is both sharded and gated
   * @throws RuntimeException         what the cache throws for a type it cannot serve
   */
  static ManagedController wire(ControllerBuilder.ControllerSpec<?> spec, Context context) {
    return new ManagedController(spec, context);
  }

  private PriorityWorkQueue<ObjectKey> queue(Context context) {
    var queue = WorkQueue.<ObjectKey>builder().name(spec.name()).clock(context.runtime().clock())
        .scheduler(context.runtime().scheduler()).meterRegistry(context.meterRegistry());
    if (spec.rateLimiter() != null) {
      queue.rateLimiter(spec.rateLimiter());
    }
    return queue.build();
  }

  /**
   * Puts the controller's handler for {@code watch} on every informer of the watched type (one per
   * namespace the cache options give it); returns the registrations.
   */
  @SuppressWarnings("unchecked")
  private <S> List<HandlerRegistration> watch(ControllerBuilder.Watch<S> watch, Context context, Scope primaryScope,
                                              List<KeyPredicate> keyFilters, PriorityWorkQueue<ObjectKey> queue,
                                              Map<TypeKey, EventHandler<?>> observers) {
    ObjectType<S> type = watch.type();
    EnqueueHandler.Builder<S> builder = EnqueueHandler.builder("controller '" + spec.name() + "'", type,
            context.cache().scopeOf(type.key()))
        .predicates(watch.predicates()).namespaces(spec.namespaces()).keyFilters(keyFilters).counters(counters);
    if (watch.mapper() != null) {
      builder.mapTo(spec.primary().key(), primaryScope, watch.mapper());
    }
    EventHandler<S> observer = (EventHandler<S>) observers.get(type.key());
    if (observer != null) {
      builder.observer(observer);
    }
    EnqueueHandler<S, ObjectKey> handler = builder.build((primary, key) -> key, () -> queue);
    List<MapEntry<S>> entries = context.cache().informersOf(type, false);
    HandlerOptions options = HandlerOptions.named("controller-" + spec.name());
    if (spec.resyncPeriod() != null) {
      options = options.withResync(spec.resyncPeriod());
    }
    List<HandlerRegistration> registrations = new ArrayList<>();
    for (MapEntry<S> entry : entries) {
      registrations.add(entry.informer().addEventHandler(handler, options));
    }
    watched.add(new Watched<>(handler, List.copyOf(entries)));
    return registrations;
  }

  /**
   * Puts the keys of every cached object of every watched type that {@code which} selects on the
   * queue again (through the mapping, namespace rules and key filters); returns how many were added.
   */
  int requeue(BiPredicate<TypeKey, ObjectKey> which) {
    int enqueued = 0;
    for (Watched<?> each : watched) {
      enqueued += each.requeue(which);
    }
    return enqueued;
  }

  private void bindCounters(MeterRegistry registry) {
    OwnWrites ownWrites = spec.ownWrites();
    counter(registry, "informer4j_controller_events_filtered_total", counters, EnqueueCounters::filtered,
        "events a predicate dropped before the controller's queue");
    counter(registry, "informer4j_controller_mapping_errors_total", counters, EnqueueCounters::mappingErrors,
        "events or keys skipped because a watch's mapping failed");
    counter(registry, "informer4j_controller_read_your_writes_recorded_total", ownWrites, OwnWrites::recorded,
        "own writes recorded for read-your-writes");
    counter(registry, "informer4j_controller_read_your_writes_waits_total", ownWrites, OwnWrites::held,
        "reconciles held back until the cache showed the controller's own writes");
    counter(registry, "informer4j_controller_read_your_writes_timeouts_total", ownWrites, OwnWrites::timedOut,
        "own writes the cache had not shown when their bound passed");
    counter(registry, "informer4j_controller_read_your_writes_unrecorded_total", ownWrites, OwnWrites::unrecorded,
        "changes of reconciled objects that looked like writes of the controller it did not record");
  }

  private <S> void counter(MeterRegistry registry, String name, S source, ToDoubleFunction<S> count,
                           String description) {
    FunctionCounter.builder(name, source, count).tag("controller", spec.name()).description(description)
        .register(registry);
  }

  /**
   * Returns the coordinator sharding this controller, or null. The manager starts and closes it, and
   * re-queues the controller's cached keys of every shard gained ({@link #requeueShards}).
   */
  ShardCoordinator sharding() {
    return spec.sharding();
  }

  /** Re-queues the cached keys of every watched type, mapped; returns how many were added. */
  int requeueAll() {
    return requeue((type, key) -> true);
  }

  /** Re-queues the cached keys (of every watched type, mapped) of {@code shards} of the primary type. */
  int requeueShards(Set<Integer> shards) {
    ShardOwnership ownership = spec.sharding().ownership();
    return requeue((type, key) -> shards.contains(ownership.shardOf(type, key)));
  }

  /** Closes what was handed to the controller to close when it stops; call once its workers ended. */
  void closeResources() {
    spec.closedOnStop().closeAll();
  }

  /** Returns the controller. */
  Controller<ObjectKey> controller() {
    return controller;
  }

  /** Returns a snapshot of the controller's status. */
  ControllerStatus status() {
    return new ControllerStatus(controller.name(), spec.primary().key(), watches, controller.state(),
        controller.failure().map(Throwable::getMessage).orElse(null), spec.workers(), controller.activeWorkers(),
        controller.queue().len(), counters.enqueued(), counters.filtered(), counters.mappingErrors(),
        controller.stuckReconciles());
  }
}

package io.informer4j.controller;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The metrics of one controller under controller-runtime's names and help texts, tagged
 * {@code controller}; the reconcile time histogram has controller-runtime's buckets. Without a
 * registry, counts are kept (for {@link Controller#activeWorkers()}) but nothing is published.
 * Thread-safe.
 */
final class ControllerMetrics {

  /** controller-runtime's {@code controller_runtime_reconcile_time_seconds} buckets, in seconds. */
  static final double[] RECONCILE_TIME_BUCKETS = {0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4,
      0.45, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30,
      40, 50, 60};

  /** The {@code result} tag values of {@code controller_runtime_reconcile_total}. */
  enum Outcome {
    SUCCESS("success"),
    ERROR("error"),
    REQUEUE("requeue"),
    REQUEUE_AFTER("requeue_after");

    final String tag;

    Outcome(String tag) {
      this.tag = tag;
    }
  }

  private final MeterRegistry registry;
  private final AtomicInteger activeWorkers = new AtomicInteger();
  private final Map<Outcome, Counter> totals = new EnumMap<>(Outcome.class);
  private final Counter errors;
  private final Counter terminalErrors;
  private final Counter panics;
  private final Counter timeouts;
  private final Counter stuck;
  private final Timer reconcileTime;
  private final List<Meter> meters = new ArrayList<>();

  /** @param registry where to publish, or null for no metrics */
  ControllerMetrics(MeterRegistry registry, String controller, int maxConcurrentReconciles,
                    Supplier<Number> stuckWorkers) {
    this.registry = registry;
    if (registry == null) {
      errors = terminalErrors = panics = timeouts = stuck = null;
      reconcileTime = null;
      return;
    }
    Tags tags = Tags.of("controller", controller);
    for (Outcome outcome : Outcome.values()) {
      totals.put(outcome, keep(Counter.builder("controller_runtime_reconcile_total")
          .description("Total number of reconciliations per controller").tags(tags).tag("result", outcome.tag)
          .register(registry)));
    }
    errors = counter("controller_runtime_reconcile_errors_total", "Total number of reconciliation errors per controller", tags);
    terminalErrors = counter("controller_runtime_terminal_reconcile_errors_total",
        "Total number of terminal reconciliation errors per controller", tags);
    panics = counter("controller_runtime_reconcile_panics_total",
        "Total number of reconciliation panics (unexpected Errors) per controller", tags);
    timeouts = counter("controller_runtime_reconcile_timeouts_total",
        "Total number of reconciliations that ran past their timeout per controller", tags);
    stuck = counter("informer4j_controller_stuck_reconciles_total",
        "Reconciles that ran past the controller's stuck threshold", tags);
    keep(Gauge.builder("informer4j_controller_stuck_workers", stuckWorkers, s -> s.get().doubleValue())
        .description("Workers whose reconcile runs past the stuck threshold now").tags(tags).strongReference(true)
        .register(registry));
    reconcileTime = keep(Timer.builder("controller_runtime_reconcile_time_seconds")
        .description("Length of time per reconciliation per controller").tags(tags)
        .serviceLevelObjectives(Arrays.stream(RECONCILE_TIME_BUCKETS)
            .mapToObj(seconds -> Duration.ofNanos(Math.round(seconds * 1e9))).toArray(Duration[]::new))
        .register(registry));
    keep(Gauge.builder("controller_runtime_active_workers", activeWorkers, AtomicInteger::get)
        .description("Number of currently used workers per controller").tags(tags).strongReference(true).register(registry));
    keep(Gauge.builder("controller_runtime_max_concurrent_reconciles", () -> maxConcurrentReconciles)
        .description("Maximum number of concurrent reconciles per controller").tags(tags).strongReference(true)
        .register(registry));
  }

  private Counter counter(String name, String description, Tags tags) {
    return keep(Counter.builder(name).description(description).tags(tags).register(registry));
  }

  private <M extends Meter> M keep(M meter) {
    meters.add(meter);
    return meter;
  }

  boolean timed() {
    return registry != null;
  }

  void workerBusy() {
    activeWorkers.incrementAndGet();
  }

  void workerIdle() {
    activeWorkers.decrementAndGet();
  }

  int activeWorkers() {
    return activeWorkers.get();
  }

  /** Records one finished reconcile; {@code terminal} and {@code panic} only matter for errors. */
  void reconciled(Outcome outcome, long nanos, boolean terminal, boolean panic, boolean timedOut) {
    if (registry == null) {
      return;
    }
    totals.get(outcome).increment();
    reconcileTime.record(nanos, TimeUnit.NANOSECONDS);
    if (outcome == Outcome.ERROR) {
      errors.increment();
      if (terminal) {
        terminalErrors.increment();
      }
    }
    if (panic) {
      panics.increment();
    }
    if (timedOut) {
      timeouts.increment();
    }
  }

  /** Counts a reconcile found stuck. */
  void stuck() {
    if (stuck != null) {
      stuck.increment();
    }
  }

  /** Removes the meters from the registry. Idempotent. */
  void close() {
    if (registry != null) {
      meters.forEach(registry::remove);
    }
  }
}

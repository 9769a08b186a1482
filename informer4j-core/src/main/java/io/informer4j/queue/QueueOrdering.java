package io.informer4j.queue;

import io.informer4j.time.internal.Nanos;
import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link PriorityWorkQueue} orders its queued items: first-in first-out, or by priority with
 * aging.
 *
 * <h2>The aging rule</h2>
 * With {@link #priority(Duration) priority(step)}, an item of priority {@code p} that became ready
 * (was added, or its delay ran out, or its {@code done} re-queued it) at time {@code r} has, at time
 * {@code t}, the effective priority {@code p + (t - r) / step}: it gains one priority level per
 * {@code step} of waiting. The item with the highest effective priority is handed out first; equal
 * ones go in the order they became ready. Since every queued item ages at the same rate, the order
 * never changes while items wait, so it is kept as a static key {@code p·step − r} and costs no more
 * than a plain priority heap.
 *
 * <h2>The bound</h2>
 * An item of priority {@code low} is never handed out after an item of priority {@code high} that
 * became ready more than {@code (high − low) · step} later than it. With the default step of 1 s, an
 * initial-list item ({@link PriorityWorkQueue#LOW_PRIORITY}, −100) waits behind fresh priority-0
 * work for at most 100 s of arrivals: a steady stream of normal-priority items cannot starve it, the
 * flaw of controller-runtime's priority queue. Among items that became ready within
 * {@code step} of each other, the highest priority always wins, as in controller-runtime.
 *
 * <p>Immutable and thread-safe.
 */
public final class QueueOrdering {

  /** The default aging step: one priority level per second of waiting. */
  public static final Duration DEFAULT_AGING_STEP = Duration.ofSeconds(1);

  private static final QueueOrdering FIFO = new QueueOrdering(null);

  private final Duration agingStep;

  private QueueOrdering(Duration agingStep) {
    this.agingStep = agingStep;
  }

  /** Returns first-in first-out ordering by ready time; priorities are carried but do not reorder. */
  public static QueueOrdering fifo() {
    return FIFO;
  }

  /** Returns priority ordering with the default aging step of one level per second. */
  public static QueueOrdering priority() {
    return priority(DEFAULT_AGING_STEP);
  }

  /**
   * Returns priority ordering that raises a waiting item's priority by one level per {@code agingStep}.
   *
   * @throws IllegalArgumentException if {@code agingStep} is not positive
   */
  public static QueueOrdering priority(Duration agingStep) {
    Objects.requireNonNull(agingStep, "agingStep");
    if (agingStep.isNegative() || agingStep.isZero()) {
      throw new IllegalArgumentException("priority aging step must be positive, got " + agingStep);
    }
    return new QueueOrdering(agingStep);
  }

  /** Returns true for priority ordering. */
  public boolean isPriority() {
    return agingStep != null;
  }

  /**
   * Returns the aging step of priority ordering.
   *
   * @throws IllegalStateException for FIFO ordering
   */
  public Duration agingStep() {
    if (agingStep == null) {
      throw new IllegalStateException("FIFO ordering has no aging step");
    }
    return agingStep;
  }

  /** Returns the aging step in nanoseconds, saturated; for the queue implementation. */
  long agingStepNanos() {
    return Nanos.of(agingStep());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof QueueOrdering other && Objects.equals(agingStep, other.agingStep);
  }

  @Override
  public int hashCode() {
    return Objects.hashCode(agingStep);
  }

  @Override
  public String toString() {
    return agingStep == null ? "fifo" : "priority(aging step " + agingStep + ")";
  }
}

package io.informer4j.controller;

import java.time.Duration;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * What a {@link Reconciler} asks for after a successful reconcile, as controller-runtime's
 * {@code reconcile.Result}: nothing ({@link #done()}; the item's backoff is forgotten), another run
 * after a fixed delay ({@link #requeueAfter(Duration)}; backoff forgotten, then added after the
 * delay), or another run paced by the rate limiter ({@link #requeue()}). {@link #withPriority(int)}
 * sets the priority of the re-add; otherwise it keeps the priority the item was taken at.
 *
 * <p>Immutable and thread-safe.
 *
 * @param rateLimitedRequeue true to re-add with rate limiting (ignored when {@code requeueAfter} is positive)
 * @param requeueAfter       a positive delay to re-add after, or zero for none
 * @param priority           the priority of the re-add, empty to keep the current one
 */
public record Result(boolean rateLimitedRequeue, Duration requeueAfter, OptionalInt priority) {

  private static final Result DONE = new Result(false, Duration.ZERO, OptionalInt.empty());
  private static final Result REQUEUE = new Result(true, Duration.ZERO, OptionalInt.empty());

  /**
   * Validates the components.
   *
   * @throws IllegalArgumentException if {@code requeueAfter} is negative
   */
  public Result {
    Objects.requireNonNull(requeueAfter, "requeueAfter");
    Objects.requireNonNull(priority, "priority");
    if (requeueAfter.isNegative()) {
      throw new IllegalArgumentException("requeueAfter must not be negative, got " + requeueAfter);
    }
  }

  /** Returns the result "done": forget the item's backoff, no requeue. */
  public static Result done() {
    return DONE;
  }

  /** Returns the result "run again, paced by the rate limiter". */
  public static Result requeue() {
    return REQUEUE;
  }

  /**
   * Returns the result "run again after {@code delay}"; a zero delay means {@link #done()}.
   *
   * @throws IllegalArgumentException if {@code delay} is negative
   */
  public static Result requeueAfter(Duration delay) {
    return new Result(false, delay, OptionalInt.empty());
  }

  /** Returns this result with the re-add at {@code priority}. */
  public Result withPriority(int priority) {
    return new Result(rateLimitedRequeue, requeueAfter, OptionalInt.of(priority));
  }

  /** Returns true when {@link #requeueAfter()} is positive. */
  public boolean hasRequeueAfter() {
    return !requeueAfter.isZero();
  }
}

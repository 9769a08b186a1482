package io.informer4j.controller;

/**
 * Decides whether a {@link Controller}'s workers may reconcile, for example only while this replica
 * leads, or only items of the shards it holds. A worker calls {@link #awaitOpen()} before it takes
 * an item, {@link #enter} with the item it took, and — when admitted — {@link #exit} once the
 * reconcile ended (whatever its outcome).
 *
 * <p>Implementations must be thread-safe: every worker calls them concurrently.
 *
 * @param <K> the item type
 */
public interface ReconcileGate<K> {

  /** What a worker does with an item it took from the queue. */
  enum Admission {
    /** Reconcile it now; {@link #exit} follows. */
    RUN,
    /** Put it back on the queue (it keeps waiting, for example until leadership returns). */
    DEFER,
    /** Drop it: this replica must not reconcile it (for example its shard is held elsewhere). */
    DROP
  }

  /** A gate that always admits; the controller's default. */
  static <K> ReconcileGate<K> open() {
    return new ReconcileGate<>() {
      @Override
      public void awaitOpen() {
      }

      @Override
      public Admission enter(K item) {
        return Admission.RUN;
      }

      @Override
      public void exit(K item) {
      }
    };
  }

  /**
   * Blocks while no item may be reconciled at all (for example while not leading). Returns at once
   * when some item may be.
   *
   * @throws InterruptedException when the worker is interrupted (it is being stopped)
   */
  void awaitOpen() throws InterruptedException;

  /** Decides for {@code item}, just taken from the queue. Never blocks. */
  Admission enter(K item);

  /** Tells that the reconcile of an item admitted by {@link #enter} ended. Never blocks. */
  void exit(K item);
}

package io.informer4j.cli.run;

import java.util.concurrent.atomic.LongAdder;

/**
 * What the reconcilers of one type did: reconciles (objects found in the cache, or gone) and failures.
 * Thread-safe; counters only grow.
 */
public final class ReconcileStats {

  private final LongAdder reconciles = new LongAdder();
  private final LongAdder found = new LongAdder();
  private final LongAdder gone = new LongAdder();
  private final LongAdder failures = new LongAdder();

  void reconciled(boolean objectFound) {
    reconciles.increment();
    (objectFound ? found : gone).increment();
  }

  void failed() {
    failures.increment();
  }

  /** Returns the reconciles so far. */
  public long reconciles() {
    return reconciles.sum();
  }

  /** Returns the reconciles that found their object in the cache. */
  public long found() {
    return found.sum();
  }

  /** Returns the reconciles whose object was gone from the cache (deleted). */
  public long gone() {
    return gone.sum();
  }

  /** Returns the reconciles that failed. */
  public long failures() {
    return failures.sum();
  }
}

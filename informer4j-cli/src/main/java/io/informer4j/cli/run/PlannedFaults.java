package io.informer4j.cli.run;

/**
 * Faults a run injects into its own source on purpose (the demo's forced watch closes and
 * compactions). The informers' list/watch failures of such a run are these faults' effects, so the
 * run shows them apart and does not count them as errors. Thread-safe.
 */
public interface PlannedFaults {

  /** Returns how many faults were injected so far. */
  long injected();

  /** Describes the faults injected so far, for the summary: {@code 3 (watches closed by the server: 1, …)}. */
  String describe();
}

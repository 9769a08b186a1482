package io.informer4j.informer;

import io.informer4j.source.SourceException;

/**
 * Decides whether an informer keeps retrying after a list or watch failure, the same way before and
 * after it synced. Returning false makes the informer FAILED, with the error as cause.
 *
 * <p>Called on the informer's own threads; must be quick and thread-safe.
 */
@FunctionalInterface
public interface RetryPolicy {

  /** Retries every failure forever, with backoff (the default). */
  RetryPolicy ALWAYS = (error, synced, consecutiveFailures) -> true;

  /**
   * @param error               the failure
   * @param synced              whether the informer had synced before
   * @param consecutiveFailures failures in a row, this one included
   * @return true to back off and retry, false to give up
   */
  boolean shouldRetry(SourceException error, boolean synced, int consecutiveFailures);
}

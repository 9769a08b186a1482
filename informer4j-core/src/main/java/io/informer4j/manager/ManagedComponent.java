package io.informer4j.manager;

import java.time.Duration;

/**
 * Something a {@link Manager} runs beside its cache and controllers (a health server, an exporter):
 * started first, so it serves while caches sync, and stopped last. The manager owns the components
 * added to it.
 */
public interface ManagedComponent {

  /**
   * Starts the component; returns once it runs.
   *
   * @throws Exception when it cannot start; the manager then fails its start
   */
  void start() throws Exception;

  /**
   * Stops the component, waiting at most {@code timeout}. Idempotent.
   *
   * @return true if it stopped in time
   */
  boolean stop(Duration timeout) throws InterruptedException;
}

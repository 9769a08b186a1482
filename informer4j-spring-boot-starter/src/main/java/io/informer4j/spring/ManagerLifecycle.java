package io.informer4j.spring;

import io.informer4j.manager.Manager;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Runs the application's {@link Manager} with the application context: on start it registers every
 * {@link ControllerDefinition} bean as a controller, then starts the manager (which waits up to
 * {@code informer4j.start-timeout} for the backend's first answers, and fails the application's
 * start with a {@link io.informer4j.manager.BackendContactException} naming what to fix when the
 * backend is unreachable or refuses; controllers start their workers as their types sync); on stop it stops the manager within
 * {@code informer4j.stop-timeout}: controllers (in-flight reconciles finish), then the cache, then
 * the manager's threads.
 *
 * <p>Phase {@link #PHASE}: it starts before the web server and stops after it, so health answers
 * while caches sync and no request sees a stopped manager. A manager that stops by itself after a
 * failure shows as not running; the context carries on (liveness reports it DOWN). Thread-safe.
 */
final class ManagerLifecycle implements SmartLifecycle {

  /** Before Spring Boot's web server (which starts at {@code DEFAULT_PHASE - 1024}). */
  static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 2048;

  private static final Logger log = LoggerFactory.getLogger(ManagerLifecycle.class);

  private final Manager manager;
  private final List<ControllerDefinition<?>> definitions;
  private final Informer4jProperties properties;
  private boolean started;

  ManagerLifecycle(Manager manager, List<ControllerDefinition<?>> definitions, Informer4jProperties properties) {
    this.manager = Objects.requireNonNull(manager, "manager");
    this.definitions = List.copyOf(definitions);
    this.properties = Objects.requireNonNull(properties, "properties");
  }

  /**
   * Registers the controllers and starts the manager.
   *
   * @throws IllegalArgumentException naming the controller, for a definition the manager refuses
   *     (a name used twice, a type watched twice, bad properties)
   * @throws io.informer4j.manager.ManagerStartException if a component of the manager cannot start,
   *     or (a {@link io.informer4j.manager.BackendContactException}) the backend could not be contacted
   */
  @Override
  public synchronized void start() {
    if (started) {
      return;
    }
    for (ControllerDefinition<?> definition : definitions) {
      register(definition);
    }
    manager.start();
    started = true;
  }

  private <T> void register(ControllerDefinition<T> definition) {
    try {
      var builder = ManagerSettings.apply(properties, definition.name(),
          manager.controller(definition.name(), definition.primary()));
      definition.configure(builder).reconcile(definition);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("cannot register " + definition + ": " + e.getMessage(), e);
    }
  }

  /** Stops the manager, waiting at most {@code informer4j.stop-timeout}; logs if parts did not end in time. */
  @Override
  public synchronized void stop() {
    if (!started) {
      return;
    }
    started = false;
    Duration timeout = properties.getStopTimeout();
    try {
      if (!manager.stop(timeout)) {
        log.warn("the informer4j manager did not stop within {}", timeout);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      log.warn("interrupted while stopping the informer4j manager");
    }
  }

  /** Returns true from start until stop, unless the manager stopped by itself after a failure. */
  @Override
  public synchronized boolean isRunning() {
    return started && !manager.stopped().isDone();
  }

  @Override
  public int getPhase() {
    return PHASE;
  }
}

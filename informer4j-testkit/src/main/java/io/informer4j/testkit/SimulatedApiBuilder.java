package io.informer4j.testkit;

import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.time.Clock;
import io.informer4j.time.Scheduler;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Options of a {@link SimulatedApi}. Not thread-safe; the API it builds is.
 *
 * <p>Defaults: a history of 10,000 writes, a bookmark every 60 s (as the API server's watch cache),
 * watch-list accepted, an expired watch reported by an ERROR event, two delivery threads, and the
 * system clock with timers on the API's own threads.
 */
public final class SimulatedApiBuilder {

  int historyLimit = 10_000;
  Duration bookmarkInterval = Duration.ofSeconds(60);
  boolean rejectWatchList;
  boolean throwExpiredAtWatchOpen;
  int deliveryThreads = 2;
  Clock clock;
  Scheduler scheduler;
  final Map<TypeKey, Scope> types = new LinkedHashMap<>();

  SimulatedApiBuilder() {
  }

  /**
   * Sets how many writes (of all types) the history retains for watches, exact lists and continue
   * tokens; older ones are compacted. 0 keeps none.
   */
  public SimulatedApiBuilder historyLimit(int writes) {
    if (writes < 0) {
      throw new IllegalArgumentException("history limit must not be negative: " + writes);
    }
    this.historyLimit = writes;
    return this;
  }

  /** Sets the period of BOOKMARK events to watches that allow them; zero disables them. */
  public SimulatedApiBuilder bookmarkInterval(Duration interval) {
    if (interval.isNegative()) {
      throw new IllegalArgumentException("bookmark interval must not be negative: " + interval);
    }
    this.bookmarkInterval = interval;
    return this;
  }

  /**
   * Makes the server reject {@code sendInitialEvents} with {@code InvalidRequestException} (422),
   * as Kubernetes 1.33 servers did with the WatchList gate off.
   */
  public SimulatedApiBuilder rejectWatchList(boolean reject) {
    this.rejectWatchList = reject;
    return this;
  }

  /**
   * Makes {@code watch} throw {@code ExpiredException} for an expired resourceVersion instead of
   * opening the watch and sending an ERROR event (the real API server's behaviour, the default).
   */
  public SimulatedApiBuilder throwExpiredAtWatchOpen(boolean throwAtOpen) {
    this.throwExpiredAtWatchOpen = throwAtOpen;
    return this;
  }

  /** Sets the number of daemon threads that deliver watch events of all watches (at least 1). */
  public SimulatedApiBuilder deliveryThreads(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("delivery threads must be at least 1: " + threads);
    }
    this.deliveryThreads = threads;
    return this;
  }

  /**
   * Runs the API's timers (watch timeouts, bookmarks, event latency) on {@code scheduler}, reading
   * time from {@code clock}; pass one {@code ManualClock} twice to drive them by hand in tests.
   * Events are still delivered on the API's threads.
   */
  public SimulatedApiBuilder timers(Clock clock, Scheduler scheduler) {
    this.clock = Objects.requireNonNull(clock, "clock");
    this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
    return this;
  }

  /** Installs {@code type} with {@code scope} when the API is built. */
  public SimulatedApiBuilder type(TypeKey type, Scope scope) {
    types.put(Objects.requireNonNull(type, "type"), Objects.requireNonNull(scope, "scope"));
    return this;
  }

  /** Builds and starts the API. */
  public SimulatedApi build() {
    return new SimulatedApi(this);
  }
}

package io.informer4j.controller;

import io.informer4j.time.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Waits, without polling, until every named sync signal of a controller has completed: fails as
 * soon as one fails, and on timeout names the signals still pending. Thread-safe.
 */
final class SyncGate {

  private final String controller;
  private final Map<String, CompletionStage<?>> signals;
  private final Set<String> pending = ConcurrentHashMap.newKeySet();
  private final CompletableFuture<Void> outcome = new CompletableFuture<>();

  SyncGate(String controller, Map<String, CompletionStage<?>> signals) {
    this.controller = controller;
    this.signals = Collections.unmodifiableMap(new LinkedHashMap<>(signals));
  }

  /**
   * Starts waiting, without blocking: the returned future completes when every signal completed
   * normally, exceptionally with {@link ControllerStartException} as soon as one fails or when
   * {@code timeout} passes (measured on {@code scheduler}), and is cancelled by {@link #cancel()}.
   */
  CompletableFuture<Void> watch(Scheduler scheduler, Duration timeout) {
    pending.addAll(signals.keySet());
    if (signals.isEmpty()) {
      outcome.complete(null);
    }
    signals.forEach((name, signal) -> signal.whenComplete((value, failure) -> {
      if (failure != null) {
        outcome.completeExceptionally(new ControllerStartException(
            "controller '" + controller + "': sync signal '" + name + "' failed: " + failure, failure));
      } else if (pending.remove(name) && pending.isEmpty()) {
        outcome.complete(null);
      }
    }));
    if (!outcome.isDone()) {
      Scheduler.Cancellable timer = scheduler.schedule(timeout, () -> outcome.completeExceptionally(
          new ControllerStartException("controller '" + controller + "': timed out after " + timeout
              + " waiting for sync signals " + stillPending() + " (of " + signals.keySet() + ")", null)));
      outcome.whenComplete((value, failure) -> timer.cancel());
    }
    return outcome;
  }

  /** Ends a wait in {@link #await} (it returns false). */
  void cancel() {
    outcome.cancel(false);
  }

  private List<String> stillPending() {
    List<String> names = new ArrayList<>();
    for (String name : signals.keySet()) {
      if (pending.contains(name)) {
        names.add(name);
      }
    }
    return names;
  }
}

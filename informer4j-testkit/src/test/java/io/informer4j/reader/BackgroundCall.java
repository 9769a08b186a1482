package io.informer4j.reader;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** A call running on its own thread, so a test can see when it blocks (parked with a timeout). */
final class BackgroundCall<T> {

  private final CompletableFuture<T> outcome = new CompletableFuture<>();
  private final Thread thread;

  BackgroundCall(String name, Callable<T> call) {
    thread = new Thread(() -> {
      try {
        outcome.complete(call.call());
      } catch (Exception | Error e) {
        outcome.completeExceptionally(e);
      }
    }, name);
    thread.setDaemon(true);
    thread.start();
  }

  /** Returns true while the call is parked with a timeout, as when waiting on a future. */
  boolean isWaiting() {
    return thread.getState() == Thread.State.TIMED_WAITING;
  }

  boolean isDone() {
    return outcome.isDone();
  }

  /** Returns the call's result, waiting up to 10 seconds. */
  T result() throws InterruptedException, ExecutionException, TimeoutException {
    return outcome.get(10, TimeUnit.SECONDS);
  }
}

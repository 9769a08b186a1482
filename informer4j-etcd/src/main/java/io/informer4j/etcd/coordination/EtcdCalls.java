package io.informer4j.etcd.coordination;

import io.informer4j.coordination.CoordinationException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waits for a jetcd call, bounded, turning every failure into a {@link CoordinationException}. Stateless. */
final class EtcdCalls {

  private EtcdCalls() {
  }

  /**
   * Returns the call's result.
   *
   * @throws CoordinationException naming {@code what} when the call failed, timed out or was interrupted
   */
  static <T> T await(String what, CompletableFuture<T> call, Duration timeout) {
    try {
      return call.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (ExecutionException e) {
      throw new CoordinationException(what + " failed: " + e.getCause(), e.getCause());
    } catch (TimeoutException e) {
      call.cancel(true);
      throw new CoordinationException(what + " timed out after " + timeout, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CoordinationException(what + " was interrupted", e);
    } catch (RuntimeException e) {
      throw new CoordinationException(what + " failed: " + e, e);
    }
  }
}

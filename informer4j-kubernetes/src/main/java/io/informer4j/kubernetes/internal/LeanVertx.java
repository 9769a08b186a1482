package io.informer4j.kubernetes.internal;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.file.FileSystemOptions;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The Vert.x instance under the fabric8 clients this module creates. fabric8's own default starts
 * up to two event loops per core; here an event loop only moves bytes and frames watch events
 * (informers apply and dispatch them on their runtime's threads), so one loop per four cores (at
 * least one) serves every connection of a client, and a client with one informer runs on one
 * loop instead of two. Otherwise as fabric8 configures it: daemon threads, no file caching or
 * class-path resolution, and the JVM's name resolver rather than Vert.x's own.
 *
 * <p>Thread-safe.
 */
public final class LeanVertx {

  private static final String DISABLE_DNS_RESOLVER = "vertx.disableDnsResolver";
  private static final Object CREATION = new Object();

  private LeanVertx() {
  }

  /** Returns how many event loops a client gets on a machine with {@code cores} processors. */
  public static int eventLoops(int cores) {
    return Math.max(1, cores / 4);
  }

  /** Creates a Vert.x instance sized for this machine; the caller closes it with {@link #close}. */
  public static Vertx create() {
    VertxOptions options = new VertxOptions()
        .setEventLoopPoolSize(eventLoops(Runtime.getRuntime().availableProcessors()))
        .setUseDaemonThread(true)
        .setFileSystemOptions(new FileSystemOptions().setFileCachingEnabled(false).setClassPathResolvingEnabled(false));
    // Vert.x reads this property while it is created; the lock keeps two creations from undoing each other's.
    synchronized (CREATION) {
      String before = System.getProperty(DISABLE_DNS_RESOLVER);
      System.setProperty(DISABLE_DNS_RESOLVER, "true");
      try {
        return Vertx.vertx(options);
      } finally {
        if (before == null) {
          System.clearProperty(DISABLE_DNS_RESOLVER);
        } else {
          System.setProperty(DISABLE_DNS_RESOLVER, before);
        }
      }
    }
  }

  /**
   * Closes {@code vertx} and waits until its threads were told to end.
   *
   * @return false if closing did not complete within {@code timeout} (or failed, or was interrupted)
   */
  public static boolean close(Vertx vertx, Duration timeout) {
    try {
      vertx.close().toCompletionStage().toCompletableFuture().get(timeout.toNanos(), TimeUnit.NANOSECONDS);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (ExecutionException | TimeoutException e) {
      return false;
    }
  }
}

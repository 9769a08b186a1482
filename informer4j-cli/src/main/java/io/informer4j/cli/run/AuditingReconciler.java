package io.informer4j.cli.run;

import io.informer4j.controller.Reconciler;
import io.informer4j.controller.Result;
import io.informer4j.meta.ObjectKey;
import io.informer4j.reader.CacheReader;
import java.util.Objects;

/**
 * The reconciler the CLI runs for every watched type: it reads the key's object through the cache
 * (as a real controller would before acting) and counts whether it found it or it was gone. The
 * namespace audit is the controller's tier-3 guard, which counts every key of a rejected namespace
 * that reached the queue before it could get here.
 *
 * <p>Thread-safe: it only reads the thread-safe cache and updates {@link ReconcileStats}.
 */
public final class AuditingReconciler implements Reconciler<ObjectKey> {

  private final CacheReader<?> cache;
  private final ReconcileStats stats;

  /**
   * @param cache the cache of the watched type
   * @param stats where to count
   */
  public AuditingReconciler(CacheReader<?> cache, ReconcileStats stats) {
    this.cache = Objects.requireNonNull(cache, "cache");
    this.stats = Objects.requireNonNull(stats, "stats");
  }

  @Override
  public Result reconcile(ObjectKey key) {
    try {
      stats.reconciled(cache.find(key).isPresent());
      return Result.done();
    } catch (RuntimeException e) {
      stats.failed();
      throw e;
    }
  }
}

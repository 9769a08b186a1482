package io.informer4j.cli.run;

import io.informer4j.cache.Store;
import io.informer4j.controller.Reconciler;
import io.informer4j.controller.Result;
import io.informer4j.factory.NamespaceFilter;
import io.informer4j.queue.QueueItem;
import io.informer4j.queue.WorkQueue;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The reconciler the CLI runs for every watched type: it reads the item's object through the
 * informer's cache (as a real controller would before acting), counts what it found, and audits the
 * namespace set-up: an item from a namespace the type's {@link NamespaceFilter} rejects should never
 * have reached the queue, so each one is counted as a violation and logged.
 *
 * <p>Thread-safe: it only reads the thread-safe cache and updates {@link ReconcileStats}.
 */
public final class AuditingReconciler implements Reconciler<QueueItem> {

  private static final Logger log = LoggerFactory.getLogger(AuditingReconciler.class);

  private final WatchedType watched;
  private final Store<?> cache;
  private final WorkQueue<QueueItem> queue;
  private final ReconcileStats stats;

  /**
   * @param watched the type and its namespace set-up
   * @param cache   the informer's cache of that type
   * @param queue   the queue the items come from (its depth is sampled)
   * @param stats   where to count
   */
  public AuditingReconciler(WatchedType watched, Store<?> cache, WorkQueue<QueueItem> queue, ReconcileStats stats) {
    this.watched = Objects.requireNonNull(watched, "watched");
    this.cache = Objects.requireNonNull(cache, "cache");
    this.queue = Objects.requireNonNull(queue, "queue");
    this.stats = Objects.requireNonNull(stats, "stats");
  }

  @Override
  public Result reconcile(QueueItem item) {
    stats.observeQueueDepth(queue.len());
    String namespace = item.key().namespace();
    if (!namespace.isEmpty() && !watched.filter().allows(namespace)) {
      stats.disallowedItem();
      log.error("{}: item {} from namespace '{}' reached the queue although the set-up {} rejects it",
          watched.name(), item.key(), namespace, watched.setup());
    }
    try {
      stats.reconciled(cache.get(item.key().toString()) != null);
      return Result.done();
    } catch (RuntimeException e) {
      stats.failed();
      throw e;
    }
  }
}

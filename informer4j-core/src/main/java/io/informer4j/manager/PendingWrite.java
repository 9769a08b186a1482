package io.informer4j.manager;

import io.informer4j.source.ResourceVersionOrder;
import io.informer4j.time.Scheduler;
import java.time.Duration;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The own writes of one object that its cache has not shown yet, and the future that releases the
 * object's next reconcile. Holds the {@code target} (the newest write: the largest version under
 * {@link ResourceVersionOrder#NUMERIC}, else the last recorded), every version written meanwhile, and
 * the {@code base}: what the cache held when the last write was recorded.
 *
 * <p>The rule, {@link #reachedBy}: the cache has caught up when it holds the target; under a numeric
 * order, when it holds the target or a later version; otherwise, when it holds a version that is
 * neither the base nor one of these own writes (a change after the base: someone else's, made after
 * ours), or when it no longer holds an object it held at the base (deleted).
 *
 * <p>Not thread-safe: {@link PendingWrites} changes it inside its map's per-key compute; only
 * {@link #released} is read elsewhere.
 */
final class PendingWrite {

  final CompletableFuture<Void> released = new CompletableFuture<>();
  private final ResourceVersionOrder order;
  private final Set<String> own = new HashSet<>();
  private String target;
  private Optional<String> base = Optional.empty();
  private Scheduler.Cancellable bound;

  PendingWrite(ResourceVersionOrder order) {
    this.order = order;
  }

  /** Adds a write of {@code version}, recorded while the cache held {@code cached}. */
  void add(String version, Optional<String> cached) {
    own.add(version);
    if (target == null || !order.comparable(version, target) || order.compare(version, target) > 0) {
      target = version;
    }
    base = cached;
  }

  /** Returns true when a cache holding {@code cached} has seen the target (see the class rule). */
  boolean reachedBy(Optional<String> cached) {
    if (cached.isEmpty()) {
      return base.isPresent();
    }
    String version = cached.get();
    if (version.equals(target)) {
      return true;
    }
    if (order.comparable(version, target)) {
      return order.compare(version, target) > 0;
    }
    return !own.contains(version) && !cached.equals(base);
  }

  /** (Re)starts the bound: {@code onTimeout} runs {@code timeout} from now unless released first. */
  void arm(Scheduler scheduler, Duration timeout, Runnable onTimeout) {
    if (bound != null) {
      bound.cancel();
    }
    bound = scheduler.schedule(timeout, onTimeout);
  }

  /** Stops the bound and releases the waiting reconcile. */
  void release() {
    Scheduler.Cancellable armed = bound;
    if (armed != null) {
      armed.cancel();
    }
    released.complete(null);
  }

  /** Returns the newest version written, for logs. */
  String target() {
    return target;
  }
}

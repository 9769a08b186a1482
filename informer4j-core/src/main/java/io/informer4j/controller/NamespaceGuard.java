package io.informer4j.controller;

import io.informer4j.meta.NamespaceDecision;
import io.informer4j.meta.NamespaceMatcher;
import io.informer4j.queue.QueueItem;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tier-3 namespace guard: a {@link Reconciler} decorator that checks, at reconcile time, the
 * same {@link NamespaceMatcher} the shared informer factory filters events with (tier 2), as a
 * safety net for items that reached the queue anyway.
 *
 * <ul>
 *   <li>A deletion (as the supplied predicate says: the object is gone from the cache, or has a
 *       deletion timestamp) always reaches the delegate, so finalizers can be removed even in a
 *       namespace that is no longer allowed.</li>
 *   <li>An item with an empty namespace (a cluster-scoped object) reaches the delegate: namespace
 *       rules apply to namespaced types only.</li>
 *   <li>Otherwise, an item whose namespace the matcher rejects ends the reconcile successfully with
 *       no requeue ({@link Result#done()}); the skip is logged at DEBUG with its reason
 *       ({@code restricted} or {@code not-allowed}) and the matched or closest pattern, and counted
 *       in {@link #skipped(NamespaceDecision.Reason)} and {@code informer4j_namespace_guard_skips_total{controller,reason}}.</li>
 * </ul>
 *
 * <p>Thread-safe when the delegate, the namespace function and the deletion predicate are.
 *
 * @param <K> the item type
 */
public final class NamespaceGuard<K> implements Reconciler<K> {

  private static final Logger LOG = LoggerFactory.getLogger(NamespaceGuard.class);

  private final NamespaceMatcher matcher;
  private final Function<? super K, String> namespaceOf;
  private final Predicate<? super K> isDeletion;
  private final Reconciler<K> delegate;
  private final Map<NamespaceDecision.Reason, AtomicLong> skips = new EnumMap<>(NamespaceDecision.Reason.class);
  private final Map<NamespaceDecision.Reason, Counter> skipCounters = new EnumMap<>(NamespaceDecision.Reason.class);

  /**
   * @param controller  the controller's name, for logs and the metric tag
   * @param matcher     the namespace rules shared with tier 2
   * @param namespaceOf the namespace of an item, {@code ""} when cluster-scoped
   * @param isDeletion  true when the item's object is being deleted or is gone
   * @param delegate    the reconciler to guard
   * @param registry    where to publish the skip counter, or null for none
   */
  public NamespaceGuard(String controller, NamespaceMatcher matcher, Function<? super K, String> namespaceOf,
      Predicate<? super K> isDeletion, Reconciler<K> delegate, MeterRegistry registry) {
    Objects.requireNonNull(controller, "controller");
    this.matcher = Objects.requireNonNull(matcher, "matcher");
    this.namespaceOf = Objects.requireNonNull(namespaceOf, "namespaceOf");
    this.isDeletion = Objects.requireNonNull(isDeletion, "isDeletion");
    this.delegate = Objects.requireNonNull(delegate, "delegate");
    for (NamespaceDecision.Reason reason : NamespaceDecision.Reason.values()) {
      if (!reason.equals(NamespaceDecision.Reason.ALLOWED) && !reason.equals(NamespaceDecision.Reason.NO_RULES)) {
        skips.put(reason, new AtomicLong());
        if (registry != null) {
          skipCounters.put(reason, Counter.builder("informer4j_namespace_guard_skips_total")
              .description("Reconciles skipped by the tier-3 namespace guard")
              .tag("controller", controller).tag("reason", reason.text()).register(registry));
        }
      }
    }
  }

  /** Returns a guard for {@link QueueItem}s, whose namespace is that of their object key. */
  public static NamespaceGuard<QueueItem> forQueueItems(String controller, NamespaceMatcher matcher,
      Predicate<? super QueueItem> isDeletion, Reconciler<QueueItem> delegate, MeterRegistry registry) {
    return new NamespaceGuard<>(controller, matcher, item -> item.key().namespace(), isDeletion, delegate, registry);
  }

  /**
   * Passes deletions, cluster-scoped items and allowed namespaces to the delegate; ends others with
   * {@link Result#done()}.
   *
   * @throws Exception whatever the delegate or the deletion predicate throws
   */
  @Override
  public Result reconcile(K item) throws Exception {
    if (isDeletion.test(item)) {
      return delegate.reconcile(item);
    }
    String namespace = namespaceOf.apply(item);
    if (namespace == null || namespace.isEmpty()) {
      return delegate.reconcile(item);
    }
    NamespaceDecision decision = matcher.decide(namespace);
    if (decision.allowed()) {
      return delegate.reconcile(item);
    }
    skips.get(decision.reason()).incrementAndGet();
    Counter counter = skipCounters.get(decision.reason());
    if (counter != null) {
      counter.increment();
    }
    LOG.debug("skipped reconciling {}: {} (reason {})", item, decision.explanation(), decision.reason().text());
    return Result.done();
  }

  /** Returns how many reconciles were skipped for {@code reason} (0 for the allowing reasons). */
  public long skipped(NamespaceDecision.Reason reason) {
    AtomicLong count = skips.get(reason);
    return count == null ? 0 : count.get();
  }

  /** Returns the matcher this guard applies. */
  public NamespaceMatcher matcher() {
    return matcher;
  }
}

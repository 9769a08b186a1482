package io.informer4j.reader;

import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import java.time.Duration;
import java.util.function.UnaryOperator;

/**
 * One level of cache settings (controller-runtime's {@code cache.Config}): used as the defaults, per
 * namespace, per type and per type and namespace. A null component is unset and inherits from the
 * next level (see {@link CacheOptions} for the precedence). Immutable and thread-safe.
 *
 * @param labels                label selector pushed into every list and watch: the cache then holds
 *                              only matching objects (reads of others find nothing)
 * @param fields                field selector pushed into every list and watch, likewise
 * @param transform             applied to every object before it is cached, for example to drop
 *                              fields and save memory; receives and must return an instance of the
 *                              representation's class; must be idempotent and thread-safe
 * @param unsafeDisableDeepCopy true to have reads return the cached instances (read-only!)
 * @param resyncPeriod          base resync period; each informer draws its own in
 *                              [0.9, 1.1) × this; {@link Duration#ZERO} for no resync
 * @param compactObjects        false to keep objects as decoded instead of in their compact form
 *                              ({@link io.informer4j.meta.ObjectAdapter#compact}, the default): more
 *                              memory, for handlers that need plain objects
 */
public record CacheConfig(LabelSelector labels, FieldSelector fields, UnaryOperator<Object> transform,
                          Boolean unsafeDisableDeepCopy, Duration resyncPeriod, Boolean compactObjects) {

  private static final CacheConfig EMPTY = new CacheConfig(null, null, null, null, null, null);

  /** @throws IllegalArgumentException if the resync period is negative */
  public CacheConfig {
    if (resyncPeriod != null && resyncPeriod.isNegative()) {
      throw new IllegalArgumentException("resync period must not be negative: " + resyncPeriod);
    }
  }

  /** Returns the config with every component unset. */
  public static CacheConfig empty() {
    return EMPTY;
  }

  /** Returns a copy with the label selector set. */
  public CacheConfig withLabels(LabelSelector labels) {
    return new CacheConfig(labels, fields, transform, unsafeDisableDeepCopy, resyncPeriod, compactObjects);
  }

  /** Returns a copy with the field selector set. */
  public CacheConfig withFields(FieldSelector fields) {
    return new CacheConfig(labels, fields, transform, unsafeDisableDeepCopy, resyncPeriod, compactObjects);
  }

  /** Returns a copy with the transform set. */
  public CacheConfig withTransform(UnaryOperator<Object> transform) {
    return new CacheConfig(labels, fields, transform, unsafeDisableDeepCopy, resyncPeriod, compactObjects);
  }

  /** Returns a copy with deep copy on reads disabled (true) or enabled (false). */
  public CacheConfig withUnsafeDisableDeepCopy(boolean disable) {
    return new CacheConfig(labels, fields, transform, disable, resyncPeriod, compactObjects);
  }

  /** Returns a copy with the resync period set. */
  public CacheConfig withResyncPeriod(Duration resyncPeriod) {
    return new CacheConfig(labels, fields, transform, unsafeDisableDeepCopy, resyncPeriod, compactObjects);
  }

  /** Returns a copy that keeps objects compact (true, the default) or as decoded (false). */
  public CacheConfig withCompactObjects(boolean compact) {
    return new CacheConfig(labels, fields, transform, unsafeDisableDeepCopy, resyncPeriod, compact);
  }

  /** Returns this config with its unset components taken from {@code fallback} (null: none). */
  public CacheConfig orElse(CacheConfig fallback) {
    if (fallback == null) {
      return this;
    }
    return new CacheConfig(
        labels != null ? labels : fallback.labels,
        fields != null ? fields : fallback.fields,
        transform != null ? transform : fallback.transform,
        unsafeDisableDeepCopy != null ? unsafeDisableDeepCopy : fallback.unsafeDisableDeepCopy,
        resyncPeriod != null ? resyncPeriod : fallback.resyncPeriod,
        compactObjects != null ? compactObjects : fallback.compactObjects);
  }
}

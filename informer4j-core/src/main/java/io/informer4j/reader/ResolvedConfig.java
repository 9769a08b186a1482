package io.informer4j.reader;

import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import java.time.Duration;
import java.util.function.UnaryOperator;

/**
 * The settings of one informer after precedence was applied: nothing is unset any more, except the
 * transform (null for none) and the sync period (null: the map's base resync).
 */
record ResolvedConfig(LabelSelector labels, FieldSelector fields, UnaryOperator<Object> transform,
                      boolean unsafeDisableDeepCopy, Duration syncPeriod) {

  static ResolvedConfig of(CacheConfig config) {
    return new ResolvedConfig(
        config.labels() != null ? config.labels() : LabelSelector.everything(),
        config.fields() != null ? config.fields() : FieldSelector.everything(),
        config.transform(),
        Boolean.TRUE.equals(config.unsafeDisableDeepCopy()),
        config.syncPeriod());
  }
}

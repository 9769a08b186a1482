package io.informer4j.cli.run;

import io.informer4j.controller.NamespaceFilter;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.ObjectType;
import java.util.Objects;

/**
 * One type a running command watches: what is cached of it, and which of its namespaces its
 * controller reconciles.
 *
 * @param type          the type and its representation
 * @param name          the short name shown on the dashboard (for example {@code ConfigMap})
 * @param filter        the namespace rules: a single allowed namespace is the only one cached (tier 1);
 *                      otherwise keys of rejected namespaces are dropped before the controller's queue
 *                      (tier 2) and skipped at reconcile (tier 3)
 * @param labelSelector restricts what is listed and watched
 */
public record WatchedType(ObjectType<?> type, String name, NamespaceFilter filter, LabelSelector labelSelector) {

  /** Requires every part. */
  public WatchedType {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(filter, "filter");
    Objects.requireNonNull(labelSelector, "labelSelector");
  }

  /** Watches every object of {@code type} under {@code filter}. */
  public WatchedType(ObjectType<?> type, String name, NamespaceFilter filter) {
    this(type, name, filter, LabelSelector.everything());
  }

  /**
   * Describes the namespace set-up: {@code tier 1 (ns)} when the list/watch is scoped to one
   * namespace, {@code tier 2 (<rules>)} when events are filtered, {@code all namespaces} otherwise.
   */
  public String setup() {
    if (filter.isSingleNamespace()) {
      return "tier 1 (" + filter.singleNamespace() + ")";
    }
    return filter.isActive() ? "tier 2 (" + filter.summary() + ")" : "all namespaces";
  }
}

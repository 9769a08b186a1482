package io.informer4j.cli.run;

import io.informer4j.factory.NamespaceFilter;
import io.informer4j.meta.TypeKey;
import java.util.Objects;

/**
 * One type a running command watches through the shared informer factory, and how its namespaces
 * are filtered.
 *
 * @param type   the type
 * @param name   the short name shown on the dashboard (for example {@code ConfigMap})
 * @param filter the namespace rules registered for it; the reconciler checks every item against them
 */
public record WatchedType(TypeKey type, String name, NamespaceFilter filter) {

  /** Requires every part. */
  public WatchedType {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(filter, "filter");
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

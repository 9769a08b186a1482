package io.informer4j.spring;

import io.informer4j.controller.NamespaceFilter;
import io.informer4j.manager.ControllerBuilder;
import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.TypeKey;
import io.informer4j.reader.CacheConfig;
import io.informer4j.reader.CacheOptions;
import io.informer4j.reader.TypeConfig;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

/**
 * Turns {@link Informer4jProperties} into what the core's builders take: the cache's
 * {@link CacheOptions}, and each controller's settings on its {@link ControllerBuilder}. Stateless.
 */
final class ManagerSettings {

  private ManagerSettings() {
  }

  /**
   * Returns the cache options: the default resync period, the cache's namespaces, and each listed
   * type's namespaces, selectors, resync period and object form.
   *
   * @throws IllegalArgumentException naming the property, for a type without api-version or kind,
   *     a type listed twice, a selector that does not parse, or a negative resync period
   */
  static CacheOptions cacheOptions(Informer4jProperties properties) {
    CacheOptions.Builder options = CacheOptions.builder()
        .defaults(CacheConfig.empty().withResyncPeriod(properties.getResyncPeriod()));
    properties.getNamespaces().forEach(options::namespace);
    Set<TypeKey> seen = new HashSet<>();
    for (int i = 0; i < properties.getTypes().size(); i++) {
      Informer4jProperties.TypeProperties type = properties.getTypes().get(i);
      String where = "informer4j.types[" + i + "]";
      TypeKey key = typeKey(type, where);
      if (!seen.add(key)) {
        throw new IllegalArgumentException(where + ": " + key + " is listed twice");
      }
      options.byType(key, typeConfig(type, where));
    }
    return options.build();
  }

  private static TypeKey typeKey(Informer4jProperties.TypeProperties type, String where) {
    if (type.getApiVersion() == null || type.getApiVersion().isBlank() || type.getKind() == null
        || type.getKind().isBlank()) {
      throw new IllegalArgumentException(where + " needs api-version and kind (for example api-version: apps/v1,"
          + " kind: Deployment)");
    }
    try {
      return TypeKey.fromApiVersion(type.getApiVersion(), type.getKind());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
    }
  }

  private static TypeConfig typeConfig(Informer4jProperties.TypeProperties type, String where) {
    try {
      CacheConfig config = CacheConfig.empty();
      if (type.getLabelSelector() != null) {
        config = config.withLabels(LabelSelector.parse(type.getLabelSelector()));
      }
      if (type.getFieldSelector() != null) {
        config = config.withFields(FieldSelector.parse(type.getFieldSelector()));
      }
      if (type.getResyncPeriod() != null) {
        config = config.withResyncPeriod(type.getResyncPeriod());
      }
      if (type.getCompactObjects() != null) {
        config = config.withCompactObjects(type.getCompactObjects());
      }
      TypeConfig typeConfig = TypeConfig.of(config);
      for (String namespace : type.getNamespaces()) {
        typeConfig = typeConfig.withNamespace(namespace);
      }
      return typeConfig;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
    }
  }

  /**
   * Applies {@code informer4j.workers}, {@code informer4j.stuck-threshold} and
   * {@code informer4j.controllers.<name>.*} to the builder of controller {@code name}.
   *
   * @throws IllegalArgumentException naming the property, for workers or a stuck threshold that are not positive
   */
  static <T> ControllerBuilder<T> apply(Informer4jProperties properties, String name, ControllerBuilder<T> builder) {
    Informer4jProperties.ControllerProperties controller = properties.getControllers().get(name);
    int workers = controller != null && controller.getWorkers() != null ? controller.getWorkers() : properties.getWorkers();
    Duration stuck = controller != null && controller.getStuckThreshold() != null ? controller.getStuckThreshold()
        : properties.getStuckThreshold();
    try {
      builder.workers(workers);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("informer4j.controllers." + name + ".workers (or informer4j.workers): "
          + e.getMessage(), e);
    }
    try {
      builder.stuckThreshold(stuck);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("informer4j.controllers." + name + ".stuck-threshold (or "
          + "informer4j.stuck-threshold): " + e.getMessage(), e);
    }
    if (controller != null) {
      if (controller.getReconcileTimeout() != null) {
        builder.reconcileTimeout(controller.getReconcileTimeout());
      }
      if (!controller.getAllowedNamespaces().isEmpty() || !controller.getRestrictedNamespaces().isEmpty()) {
        builder.namespaces(NamespaceFilter.of(controller.getAllowedNamespaces(), controller.getRestrictedNamespaces()));
      }
    }
    return builder;
  }
}

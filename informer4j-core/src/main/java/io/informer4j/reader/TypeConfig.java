package io.informer4j.reader;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Cache settings of one type (controller-runtime's {@code ByObject}): its own config and, optionally,
 * the namespaces to cache it in, each with its own config. Immutable and thread-safe.
 *
 * @param config     the type's settings, inherited by each of its namespaces
 * @param namespaces the namespaces to cache the type in (sorted), instead of the cache's; empty to use the
 *                   cache's namespaces. Ignored for cluster-scoped types
 */
public record TypeConfig(CacheConfig config, Map<String, CacheConfig> namespaces) {

  /**
   * Copies the namespaces, sorted.
   *
   * @throws IllegalArgumentException if a namespace is empty (the all-namespaces entry is not
   *                                  supported: it would cache the listed namespaces twice)
   */
  public TypeConfig {
    Objects.requireNonNull(config, "config");
    namespaces = CacheOptions.checkedNamespaces(namespaces);
  }

  /** Returns settings for a type cached in the cache's namespaces. */
  public static TypeConfig of(CacheConfig config) {
    return new TypeConfig(config, Map.of());
  }

  /** Returns a copy that also caches the type in {@code namespace}, with {@code namespaceConfig}. */
  public TypeConfig withNamespace(String namespace, CacheConfig namespaceConfig) {
    Map<String, CacheConfig> more = new TreeMap<>(namespaces);
    more.put(Objects.requireNonNull(namespace, "namespace"), Objects.requireNonNull(namespaceConfig, "namespaceConfig"));
    return new TypeConfig(config, more);
  }

  /** Returns a copy that also caches the type in {@code namespace}, inheriting the type's config. */
  public TypeConfig withNamespace(String namespace) {
    return withNamespace(namespace, CacheConfig.empty());
  }
}

package io.informer4j.reader;

import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.Selection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What an {@link InformersMap} caches and how its readers behave, with
 * controller-runtime's precedence: for a type in a namespace, each setting comes from the first level
 * that sets it among
 * <ol>
 *   <li>the type's config for that namespace ({@link TypeConfig#namespaces()}),
 *   <li>the type's config ({@link TypeConfig#config()}),
 *   <li>the namespace's config ({@link Builder#namespace(String, CacheConfig)}),
 *   <li>the defaults ({@link Builder#defaults(CacheConfig)}),
 * </ol>
 * and otherwise: no selectors, no transform, deep copy on, no resync.
 *
 * <p>Namespaces: a namespaced type is cached in its own namespaces if its {@link TypeConfig} names
 * some, else in the cache's namespaces, else in all namespaces; a cluster-scoped type always
 * cluster-wide. Immutable and thread-safe.
 */
public final class CacheOptions {

  private static final CacheOptions DEFAULTS = builder().build();

  private final CacheConfig defaults;
  private final Map<String, CacheConfig> namespaces;
  private final Map<TypeKey, TypeConfig> byType;
  private final boolean failOnMissingInformer;

  private CacheOptions(Builder b) {
    this.defaults = b.defaults;
    this.namespaces = checkedNamespaces(b.namespaces);
    this.byType = Map.copyOf(b.byType);
    this.failOnMissingInformer = b.failOnMissingInformer;
  }

  /** Returns the options that cache every namespace with nothing set. */
  public static CacheOptions defaults() {
    return DEFAULTS;
  }

  /** Starts building options. */
  public static Builder builder() {
    return new Builder();
  }

  static Map<String, CacheConfig> checkedNamespaces(Map<String, CacheConfig> namespaces) {
    Objects.requireNonNull(namespaces, "namespaces");
    namespaces.forEach((namespace, config) -> {
      Objects.requireNonNull(config, () -> "config of namespace '" + namespace + "'");
      if (namespace == null || namespace.isEmpty()) {
        throw new IllegalArgumentException("namespace must not be empty: an all-namespaces entry next to named"
            + " namespaces is not supported (leave the namespaces empty to cache all namespaces)");
      }
    });
    return Collections.unmodifiableMap(new TreeMap<>(namespaces));
  }

  /** Returns the defaults level. */
  public CacheConfig defaultConfig() {
    return defaults;
  }

  /** Returns the cache's namespaces (sorted) with their configs; empty when it caches all namespaces. */
  public Map<String, CacheConfig> namespaces() {
    return namespaces;
  }

  /** Returns the per-type settings. */
  public Map<TypeKey, TypeConfig> byType() {
    return byType;
  }

  /** Returns true when reads of types nobody registered fail with {@link NotCachedException}. */
  public boolean failOnMissingInformer() {
    return failOnMissingInformer;
  }

  /** Resolves the informer of {@code type} in {@code namespace} ({@code ""}: all). */
  InformerSpec resolve(TypeKey type, String namespace) {
    CacheConfig config = configOf(type, namespace);
    Selection selection = new Selection(namespace,
        config.labels() != null ? config.labels() : LabelSelector.everything(),
        config.fields() != null ? config.fields() : FieldSelector.everything());
    return new InformerSpec(selection, null, config.resyncPeriod(), config.transform(), config.compactObjects());
  }

  /** Returns whether reads of {@code type} in {@code namespace} return cached instances. */
  boolean unsafeDisableDeepCopy(TypeKey type, String namespace) {
    return Boolean.TRUE.equals(configOf(type, namespace).unsafeDisableDeepCopy());
  }

  private CacheConfig configOf(TypeKey type, String namespace) {
    CacheConfig config = CacheConfig.empty();
    TypeConfig typeConfig = byType.get(type);
    if (typeConfig != null) {
      config = config.orElse(typeConfig.namespaces().get(namespace)).orElse(typeConfig.config());
    }
    return config.orElse(namespaces.get(namespace)).orElse(defaults);
  }

  /**
   * Returns the namespaces {@code type} is cached in, sorted: its own, else the options', else
   * {@code [fallback]} ({@code [""]} for all namespaces); {@code [""]} for cluster-scoped types.
   */
  List<String> namespacesOf(TypeKey type, Scope scope, String fallback) {
    if (scope == Scope.CLUSTER) {
      return List.of("");
    }
    TypeConfig typeConfig = byType.get(type);
    if (typeConfig != null && !typeConfig.namespaces().isEmpty()) {
      return List.copyOf(typeConfig.namespaces().keySet());
    }
    return namespaces.isEmpty() ? List.of(fallback) : List.copyOf(namespaces.keySet());
  }

  /** Builds {@link CacheOptions}. Not thread-safe. */
  public static final class Builder {
    private CacheConfig defaults = CacheConfig.empty();
    private final Map<String, CacheConfig> namespaces = new HashMap<>();
    private final Map<TypeKey, TypeConfig> byType = new HashMap<>();
    private boolean failOnMissingInformer;

    private Builder() {
    }

    /** Sets the defaults level (controller-runtime's {@code Default*} options). */
    public Builder defaults(CacheConfig defaults) {
      this.defaults = Objects.requireNonNull(defaults, "defaults");
      return this;
    }

    /** Adds a namespace the cache covers, inheriting the defaults. */
    public Builder namespace(String namespace) {
      return namespace(namespace, CacheConfig.empty());
    }

    /** Adds a namespace the cache covers, with its own config ({@code DefaultNamespaces}). */
    public Builder namespace(String namespace, CacheConfig config) {
      namespaces.put(namespace, Objects.requireNonNull(config, "config"));
      return this;
    }

    /** Sets one type's settings ({@code ByObject}), replacing earlier ones. */
    public Builder byType(TypeKey type, TypeConfig config) {
      byType.put(Objects.requireNonNull(type, "type"), Objects.requireNonNull(config, "config"));
      return this;
    }

    /** Makes reads of unregistered types fail with {@link NotCachedException} instead of creating informers. */
    public Builder failOnMissingInformer(boolean fail) {
      this.failOnMissingInformer = fail;
      return this;
    }

    /**
     * Returns the options.
     *
     * @throws IllegalArgumentException if a namespace is empty
     */
    public CacheOptions build() {
      return new CacheOptions(this);
    }
  }
}

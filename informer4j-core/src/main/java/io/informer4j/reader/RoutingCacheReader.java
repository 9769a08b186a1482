package io.informer4j.reader;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@link CacheReader} an {@link InformerCache} hands out for one type: each call makes sure the
 * type's informers exist (or fails with {@link NotCachedException}), reports a not-started cache,
 * waits for the sync, and routes by namespace; lists over several namespaces are joined in namespace
 * order, spending {@code limit} across them. Thread-safe.
 *
 * @param <T> the object type
 */
final class RoutingCacheReader<T> implements CacheReader<T> {

  private final TypeKey type;
  private final Representation<T> representation;
  private final Scope scope;
  private final List<String> namespaces;
  private final Map<String, InformersMap> maps;
  private final boolean failOnMissingInformer;
  private final Duration readTimeout;

  /**
   * @param namespaces the type's namespaces, sorted; {@code [""]} for all namespaces
   * @param maps       the cache's maps by namespace, holding at least those of {@code namespaces}
   */
  RoutingCacheReader(TypeKey type, Representation<T> representation, Scope scope, List<String> namespaces,
                     Map<String, InformersMap> maps, boolean failOnMissingInformer, Duration readTimeout) {
    this.type = type;
    this.representation = representation;
    this.scope = scope;
    this.namespaces = namespaces;
    this.maps = maps;
    this.failOnMissingInformer = failOnMissingInformer;
    this.readTimeout = readTimeout;
  }

  @Override
  public T get(ObjectKey key, GetOptions options) {
    String namespace = scope == Scope.CLUSTER ? "" : key.namespace();
    return reader(mapFor(namespace)).get(key, options);
  }

  @Override
  public ListResult<T> list(ListOptions options) {
    if (coversAllNamespaces()) {
      return reader(maps.get("")).list(options);
    }
    if (!options.namespace().isEmpty()) {
      return reader(mapFor(options.namespace())).list(options);
    }
    List<T> items = new ArrayList<>();
    String resourceVersion = "";
    for (String namespace : namespaces) {
      long remaining = options.limit() == 0 ? 0 : options.limit() - items.size();
      ListResult<T> part = reader(maps.get(namespace)).list(options.withNamespace(namespace).withLimit(remaining));
      items.addAll(part.items());
      resourceVersion = part.resourceVersion();
      if (options.limit() > 0 && items.size() >= options.limit()) {
        break;
      }
    }
    return new ListResult<>(items, resourceVersion);
  }

  private boolean coversAllNamespaces() {
    return namespaces.size() == 1 && namespaces.get(0).isEmpty();
  }

  private InformersMap mapFor(String namespace) {
    if (coversAllNamespaces()) {
      return maps.get("");
    }
    if (!namespaces.contains(namespace)) {
      throw new UnknownNamespaceException(type, namespace, namespaces);
    }
    return maps.get(namespace);
  }

  private CacheReader<T> reader(InformersMap map) {
    if (failOnMissingInformer && map.find(type, representation).isEmpty()) {
      throw new NotCachedException(type, representation);
    }
    MapLookup<T> lookup = map.get(type, representation, readTimeout);
    if (!lookup.started()) {
      throw new CacheNotStartedException(type);
    }
    return lookup.entry().reader();
  }

  @Override
  public String toString() {
    return "cache reader of " + type + " " + representation + " in " + (coversAllNamespaces() ? "all namespaces" : namespaces);
  }
}

package io.informer4j.reader;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@link CacheReader} an {@link InformersMap} hands out for one type: each call makes sure the
 * type's informers exist in the namespaces the cache options give it (or fails with
 * {@link NotCachedException}), reports a map that has not started, waits for the sync, and routes
 * by namespace; lists over several namespaces are joined in namespace order, spending
 * {@code limit} across them. Deep copies unless the cache options disable them for the type.
 * Thread-safe.
 *
 * @param <T> the object type
 */
final class RoutingCacheReader<T> implements CacheReader<T> {

  private final InformersMap map;
  private final ObjectType<T> type;
  private final Scope scope;
  private final List<String> namespaces;
  private final Duration readTimeout;

  /** @param namespaces the type's namespaces, sorted; {@code [""]} for all namespaces */
  RoutingCacheReader(InformersMap map, ObjectType<T> type, Scope scope, List<String> namespaces, Duration readTimeout) {
    this.map = map;
    this.type = type;
    this.scope = scope;
    this.namespaces = namespaces;
    this.readTimeout = readTimeout;
  }

  @Override
  public T get(ObjectKey key, GetOptions options) {
    String namespace = scope == Scope.CLUSTER ? "" : key.namespace();
    String cached = cachedNamespace(namespace);
    return entry(cached).reader().get(key, options.unsafeDisableDeepCopy() ? options : withCopyRule(options, cached));
  }

  @Override
  public ListResult<T> list(ListOptions options) {
    if (coversAllNamespaces() || !options.namespace().isEmpty()) {
      String cached = cachedNamespace(options.namespace());
      return entry(cached).reader().list(withCopyRule(options, cached));
    }
    List<T> items = new ArrayList<>();
    String resourceVersion = "";
    for (String namespace : namespaces) {
      long remaining = options.limit() == 0 ? 0 : options.limit() - items.size();
      ListResult<T> part = entry(namespace).reader()
          .list(withCopyRule(options.withNamespace(namespace).withLimit(remaining), namespace));
      items.addAll(part.items());
      resourceVersion = part.resourceVersion();
      if (options.limit() > 0 && items.size() >= options.limit()) {
        break;
      }
    }
    return new ListResult<>(items, resourceVersion);
  }

  private GetOptions withCopyRule(GetOptions options, String namespace) {
    return map.options().unsafeDisableDeepCopy(type.key(), namespace) ? GetOptions.withoutDeepCopy() : options;
  }

  private ListOptions withCopyRule(ListOptions options, String namespace) {
    return map.options().unsafeDisableDeepCopy(type.key(), namespace) ? options.withUnsafeDisableDeepCopy(true) : options;
  }

  private boolean coversAllNamespaces() {
    return namespaces.size() == 1 && namespaces.get(0).isEmpty();
  }

  /** Returns the namespace whose informer holds {@code namespace}'s objects. */
  private String cachedNamespace(String namespace) {
    if (coversAllNamespaces()) {
      return "";
    }
    if (!namespaces.contains(namespace)) {
      throw new UnknownNamespaceException(type.key(), namespace, namespaces);
    }
    return namespace;
  }

  private MapEntry<T> entry(String namespace) {
    if (map.options().failOnMissingInformer() && map.find(type, map.options().resolve(type.key(), namespace).selection()).isEmpty()) {
      throw new NotCachedException(type);
    }
    MapEntry<T> entry = map.get(type, namespace, true, readTimeout);
    if (!map.isStarted()) {
      throw new CacheNotStartedException(type.key());
    }
    if (entry.isMissing()) {
      throw new TypeNotServedException(type.key(), entry.presence(), map.backend().description());
    }
    return entry;
  }

  @Override
  public String toString() {
    return "cache reader of " + type + " in " + (coversAllNamespaces() ? "all namespaces" : namespaces);
  }
}

package io.informer4j.manager;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import io.informer4j.reader.InformersMap;
import io.informer4j.reader.MapEntry;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads which version of an object a controller's cache holds right now, for the types it watches:
 * the resourceVersion of the cached object, or empty when the cache holds none. Reads the informers'
 * stores directly (never blocks on a sync). Thread-safe.
 */
final class CachedVersions {

  private final Map<TypeKey, Function<ObjectKey, Optional<String>>> byType;

  private CachedVersions(Map<TypeKey, Function<ObjectKey, Optional<String>>> byType) {
    this.byType = Map.copyOf(byType);
  }

  /** Returns the reader over the informers {@code cache} has (or now creates) for {@code types}. */
  static CachedVersions of(InformersMap cache, List<? extends ObjectType<?>> types) {
    Map<TypeKey, Function<ObjectKey, Optional<String>>> byType = new HashMap<>();
    for (ObjectType<?> type : types) {
      byType.put(type.key(), over(cache, type));
    }
    return new CachedVersions(byType);
  }

  private static <T> Function<ObjectKey, Optional<String>> over(InformersMap cache, ObjectType<T> type) {
    List<MapEntry<T>> entries = cache.informersOf(type, false);
    return key -> {
      String cacheKey = key.toString();
      for (MapEntry<T> entry : entries) {
        T object = entry.informer().indexer().get(cacheKey);
        if (object != null) {
          String version = type.adapter().resourceVersion(object);
          return Optional.of(version == null ? "" : version);
        }
      }
      return Optional.empty();
    };
  }

  /** Returns true when the controller watches {@code type}. */
  boolean covers(TypeKey type) {
    return byType.containsKey(type);
  }

  /** Returns the version the cache holds of {@code key}, empty when it holds no such object. */
  Optional<String> of(TypeKey type, ObjectKey key) {
    Function<ObjectKey, Optional<String>> lookup = byType.get(type);
    return lookup == null ? Optional.empty() : lookup.apply(key);
  }
}

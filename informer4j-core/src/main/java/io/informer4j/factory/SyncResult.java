package io.informer4j.factory;

import io.informer4j.meta.TypeKey;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What {@link SharedInformerFactory#waitForCacheSync} found: per type, whether its cache and its
 * routing handler synced in time. Types missing at the time are not included.
 *
 * @param synced each waited-for type and whether it synced
 */
public record SyncResult(Map<TypeKey, Boolean> synced) {

  /** Copies the map. */
  public SyncResult {
    synced = Map.copyOf(synced);
  }

  /** Returns true when every waited-for type synced (also when there was none). */
  public boolean allSynced() {
    return !synced.containsValue(false);
  }

  /** Returns the types that did not sync. */
  public java.util.Set<TypeKey> notSynced() {
    return synced.entrySet().stream().filter(e -> !e.getValue()).map(Map.Entry::getKey).collect(Collectors.toUnmodifiableSet());
  }
}

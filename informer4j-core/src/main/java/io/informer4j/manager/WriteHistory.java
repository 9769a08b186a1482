package io.informer4j.manager;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The recent own writes of each object a controller wrote — each write's version and the version the
 * cache held when it was recorded (its base) — so an event can be recognised as the effect of own
 * writes alone. Keeps the last {@value #PER_OBJECT} writes of an object, until the object's deletion
 * reaches the cache. Thread-safe: each object's list is immutable and replaced atomically.
 */
final class WriteHistory {

  static final int PER_OBJECT = 16;

  private record Written(TypeKey type, ObjectKey key) {
  }

  private record OwnWrite(String version, Optional<String> base) {
  }

  private final ConcurrentMap<Written, List<OwnWrite>> writes = new ConcurrentHashMap<>();

  /** Remembers a write of {@code key} at {@code version}, recorded while the cache held {@code base}. */
  void record(TypeKey type, ObjectKey key, String version, Optional<String> base) {
    writes.compute(new Written(type, key), (k, current) -> {
      List<OwnWrite> next = new ArrayList<>(current == null ? List.of() : current);
      next.add(new OwnWrite(version, base));
      return List.copyOf(next.subList(Math.max(0, next.size() - PER_OBJECT), next.size()));
    });
  }

  /** Forgets the writes of a deleted object. */
  void forget(TypeKey type, ObjectKey key) {
    writes.remove(new Written(type, key));
  }

  /** Returns true when {@code version} of {@code key} is a remembered own write. */
  boolean isOwn(TypeKey type, ObjectKey key, String version) {
    List<OwnWrite> own = writes.get(new Written(type, key));
    return own != null && own.stream().anyMatch(w -> w.version().equals(version));
  }

  /**
   * Returns true when a change of {@code key} from {@code oldVersion} (empty: the object appeared) to
   * {@code newVersion} is own writes only: the new version is an own write, and the old one is an own
   * write too, or the base an own write was recorded on.
   */
  boolean isOwnChange(TypeKey type, ObjectKey key, Optional<String> oldVersion, String newVersion) {
    List<OwnWrite> own = writes.get(new Written(type, key));
    if (own == null || own.stream().noneMatch(w -> w.version().equals(newVersion))) {
      return false;
    }
    return own.stream().anyMatch(w -> w.base().equals(oldVersion)
        || oldVersion.isPresent() && w.version().equals(oldVersion.get()));
  }
}

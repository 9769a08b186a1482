package io.informer4j.manager;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;

/**
 * Every write the controllers of one {@link Manager} recorded as their own: the union of their
 * {@link WriteHistory write histories}, so that one controller's write is not taken for an unrecorded
 * one by another controller of the same type ({@link UnrecordedWrites}); and the writes on their way
 * to be recorded ({@link #begin}), so that a write whose event reaches the cache before its response
 * reaches the writer is judged only once it is recorded. Thread-safe.
 */
final class RecordedWrites {

  /** One object of one type. */
  private record Target(TypeKey type, ObjectKey key) {
  }

  private final List<WriteHistory> histories = new CopyOnWriteArrayList<>();
  private final ConcurrentMap<Target, Integer> inFlight = new ConcurrentHashMap<>();
  private final List<BiConsumer<TypeKey, ObjectKey>> endListeners = new CopyOnWriteArrayList<>();

  /** Adds the history of a controller with read-your-writes on. */
  void add(WriteHistory history) {
    histories.add(history);
  }

  /** Tells {@code listener} each time the last write in flight of an object ends (on the writer's thread). */
  void whenWritesEnd(BiConsumer<TypeKey, ObjectKey> listener) {
    endListeners.add(listener);
  }

  /** Returns true when a controller of the manager recorded {@code version} of {@code key} as its write. */
  boolean saw(TypeKey type, ObjectKey key, String version) {
    for (WriteHistory history : histories) {
      if (history.isOwn(type, key, version)) {
        return true;
      }
    }
    return false;
  }

  /** Returns true while a write of {@code key} begun with {@link #begin} has not ended. */
  boolean writing(TypeKey type, ObjectKey key) {
    return inFlight.containsKey(new Target(type, key));
  }

  /**
   * Marks a write of {@code key} as in flight until the returned mark is closed (once; later closes
   * do nothing). When the last write in flight of the object ends, the {@link #whenWritesEnd}
   * listeners are told.
   */
  WriteInFlight begin(TypeKey type, ObjectKey key) {
    Target target = new Target(type, key);
    inFlight.merge(target, 1, Integer::sum);
    AtomicBoolean ended = new AtomicBoolean();
    return () -> {
      if (ended.compareAndSet(false, true)
          && inFlight.computeIfPresent(target, (t, writes) -> writes == 1 ? null : writes - 1) == null) {
        endListeners.forEach(listener -> listener.accept(type, key));
      }
    };
  }
}

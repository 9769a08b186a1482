package io.informer4j.manager;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Every write the controllers of one {@link Manager} recorded as their own: the union of their
 * {@link WriteHistory write histories}, so that one controller's write is not taken for an unrecorded
 * one by another controller of the same type ({@link UnrecordedWrites}). Thread-safe.
 */
final class RecordedWrites {

  private final List<WriteHistory> histories = new CopyOnWriteArrayList<>();

  /** Adds the history of a controller with read-your-writes on. */
  void add(WriteHistory history) {
    histories.add(history);
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
}

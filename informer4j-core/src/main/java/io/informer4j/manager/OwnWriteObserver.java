package io.informer4j.manager;

import io.informer4j.informer.EventHandler;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.TypeKey;
import java.util.Optional;

/**
 * The cache's event path into read-your-writes: the observer of a controller's event handler on
 * every informer of a type it watches, told of each event before any filter; it wakes the primary
 * type's {@link PendingWrites} (they then read what the cache holds), shows the primary type's
 * changes to {@link UnrecordedWrites}, and forgets the {@link WriteHistory} of deleted objects. Runs on the handler's lane; quick and never blocks.
 *
 * @param <T> the watched type's objects
 */
final class OwnWriteObserver<T> implements EventHandler<T> {

  private final TypeKey type;
  private final ObjectAdapter<T> adapter;
  private final PendingWrites pending;
  private final WriteHistory history;
  private final UnrecordedWrites unrecorded;

  /**
   * @param pending    the primary type's pending writes, or null for another watched type
   * @param unrecorded the primary type's search for unrecorded writes, or null for another watched type
   */
  OwnWriteObserver(TypeKey type, ObjectAdapter<T> adapter, PendingWrites pending, WriteHistory history,
                   UnrecordedWrites unrecorded) {
    this.type = type;
    this.adapter = adapter;
    this.pending = pending;
    this.history = history;
    this.unrecorded = unrecorded;
  }

  @Override
  public void onAdd(T object, boolean inInitialList) {
    changed(Optional.empty(), object);
  }

  @Override
  public void onUpdate(T oldObject, T newObject) {
    changed(Optional.ofNullable(adapter.resourceVersion(oldObject)), newObject);
  }

  @Override
  public void onDelete(T lastState, boolean finalStateUnknown) {
    history.forget(type, adapter.objectKey(lastState));
    if (unrecorded != null) {
      unrecorded.deleted(adapter.objectKey(lastState));
    }
    if (pending != null) {
      pending.changed(adapter.objectKey(lastState));
    }
  }

  private void changed(Optional<String> oldVersion, T object) {
    if (pending != null) {
      pending.changed(adapter.objectKey(object));
    }
    String version = adapter.resourceVersion(object);
    if (unrecorded != null && version != null) {
      unrecorded.changed(adapter.objectKey(object), oldVersion, version);
    }
  }
}

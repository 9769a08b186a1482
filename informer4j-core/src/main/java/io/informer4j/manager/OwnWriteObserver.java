package io.informer4j.manager;

import io.informer4j.informer.EventHandler;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.TypeKey;

/**
 * The cache's event path into read-your-writes: the observer of a controller's event handler on
 * every informer of a type it watches, told of each event before any filter; it wakes the primary
 * type's {@link PendingWrites} (they then read what the cache holds) and forgets the
 * {@link WriteHistory} of deleted objects. Runs on the handler's lane; quick and never blocks.
 *
 * @param <T> the watched type's objects
 */
final class OwnWriteObserver<T> implements EventHandler<T> {

  private final TypeKey type;
  private final ObjectAdapter<T> adapter;
  private final PendingWrites pending;
  private final WriteHistory history;

  /**
   * @param pending the primary type's pending writes, or null for another watched type
   */
  OwnWriteObserver(TypeKey type, ObjectAdapter<T> adapter, PendingWrites pending, WriteHistory history) {
    this.type = type;
    this.adapter = adapter;
    this.pending = pending;
    this.history = history;
  }

  @Override
  public void onAdd(T object, boolean inInitialList) {
    changed(object);
  }

  @Override
  public void onUpdate(T oldObject, T newObject) {
    changed(newObject);
  }

  @Override
  public void onDelete(T lastState, boolean finalStateUnknown) {
    history.forget(type, adapter.objectKey(lastState));
    changed(lastState);
  }

  private void changed(T object) {
    if (pending != null) {
      pending.changed(adapter.objectKey(object));
    }
  }
}

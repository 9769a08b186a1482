package io.informer4j.informer.internal;

import io.informer4j.informer.EventHandler;

/**
 * One call to make on a handler. Immutable; one instance is shared by every handler it goes to.
 *
 * @param <T> the object type
 */
sealed interface Notification<T> {

  /** Makes the call. */
  void deliver(EventHandler<T> handler);

  /** Returns true for an add of the initial list, which the handler's sync tracking counts. */
  default boolean isInitialAdd() {
    return false;
  }

  /** Returns true for an update that only re-delivers an unchanged object (same resourceVersion). */
  default boolean isSync() {
    return false;
  }

  /** {@link EventHandler#onAdd}. */
  record Added<T>(T object, boolean inInitialList) implements Notification<T> {
    @Override
    public void deliver(EventHandler<T> handler) {
      handler.onAdd(object, inInitialList);
    }

    @Override
    public boolean isInitialAdd() {
      return inInitialList;
    }
  }

  /** {@link EventHandler#onUpdate}. */
  record Updated<T>(T oldObject, T newObject, boolean isSync) implements Notification<T> {
    @Override
    public void deliver(EventHandler<T> handler) {
      handler.onUpdate(oldObject, newObject);
    }
  }

  /** {@link EventHandler#onDelete}. */
  record Deleted<T>(T lastState, boolean finalStateUnknown) implements Notification<T> {
    @Override
    public void deliver(EventHandler<T> handler) {
      handler.onDelete(lastState, finalStateUnknown);
    }
  }
}

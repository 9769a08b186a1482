package io.informer4j.informer;

import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.UnknownTypeException;
import io.informer4j.source.Backend;
import io.informer4j.source.ListerWatcher;
import java.util.function.Consumer;

/**
 * A {@link Backend} that does work of its own besides answering calls — timers and blocking reads of
 * its sources (the etcd backend), an informer of its own that learns of new types (the Kubernetes
 * backend's CRD watch) — and takes the threads for it from the runtime of the informers it serves,
 * so it owns no thread. The informers map, and so a Manager, calls the methods taking a runtime with
 * its own; each defaults to its {@link Backend} counterpart, which runs on the backend's own threads
 * if it needs any.
 */
public interface RuntimeBackend extends Backend {

  /**
   * Returns the source of {@code type}'s objects, running its own work on {@code runtime}'s timer and
   * I/O pool (the runtime stays the caller's). Called once per informer; cheap. Defaults to
   * {@link #listerWatcher(ObjectType)}.
   *
   * @throws UnknownTypeException if this backend cannot serve the type in that representation
   */
  default <T> ListerWatcher<T> listerWatcher(ObjectType<T> type, InformerRuntime runtime) {
    return listerWatcher(type);
  }

  /**
   * As {@link Backend#onTypeAdded(Consumer)}, with whatever watches for new types (an informer) on
   * {@code runtime}'s threads. The runtime stays the caller's: closing the returned handle stops the
   * watch, not the runtime. Defaults to {@link #onTypeAdded(Consumer)}.
   *
   * @param listener called with the type that appeared, from the runtime's threads; must return quickly
   * @param runtime  the threads to run on
   * @return a handle that stops the notifications
   */
  default AutoCloseable onTypeAdded(Consumer<TypeKey> listener, InformerRuntime runtime) {
    return onTypeAdded(listener);
  }
}

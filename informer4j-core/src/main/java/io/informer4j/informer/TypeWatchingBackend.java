package io.informer4j.informer;

import io.informer4j.meta.TypeKey;
import io.informer4j.source.Backend;
import java.util.function.Consumer;

/**
 * A {@link Backend} that learns of new types by watching them with an informer of its own (the
 * Kubernetes backend watches CustomResourceDefinitions). The informers map runs that informer on its
 * own runtime, so it costs no threads of its own.
 */
public interface TypeWatchingBackend extends Backend {

  /**
   * As {@link Backend#onTypeAdded(Consumer)}, with the watch's informer on {@code runtime}'s threads.
   * The runtime stays the caller's: closing the returned handle stops the watch, not the runtime.
   *
   * @param listener called with the type that appeared, from the runtime's threads; must return quickly
   * @param runtime  the threads to run on
   * @return a handle that stops the notifications
   */
  AutoCloseable onTypeAdded(Consumer<TypeKey> listener, InformerRuntime runtime);
}

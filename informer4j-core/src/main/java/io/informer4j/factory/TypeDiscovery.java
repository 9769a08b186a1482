package io.informer4j.factory;

import io.informer4j.meta.TypeKey;
import java.util.function.Consumer;

/**
 * Tells the shared informer factory whether types are served, so types missing at startup (such as
 * CRDs not yet installed) are activated when they appear and deactivated when they vanish.
 *
 * <p>Implementations are thread-safe.
 */
public interface TypeDiscovery {

  /**
   * Checks whether {@code type} is served. Blocks for one discovery request at most; never throws:
   * failures are {@link TypePresence.Kind#UNKNOWN} or {@link TypePresence.Kind#FORBIDDEN}.
   */
  TypePresence presence(TypeKey type);

  /**
   * Asks to be told as soon as new types may have appeared (for Kubernetes: a CRD was created or
   * became established), so activation need not wait for the next periodic check. The default
   * offers no such signal.
   *
   * @param listener called with the type that appeared, from any thread; must return quickly
   * @return a handle that stops the notifications
   */
  default AutoCloseable onTypeAdded(Consumer<TypeKey> listener) {
    return () -> { };
  }
}

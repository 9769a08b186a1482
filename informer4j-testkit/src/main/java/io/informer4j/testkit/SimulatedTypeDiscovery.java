package io.informer4j.testkit;

import io.informer4j.factory.TypeDiscovery;
import io.informer4j.factory.TypePresence;
import io.informer4j.meta.TypeKey;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.function.Consumer;

/**
 * The {@link TypeDiscovery} of a {@link SimulatedApi}: a type is present while it is installed, and
 * listeners hear of each installation at once (as of a CRD becoming established).
 *
 * <p>Thread-safe; listeners are called on the thread that installs the type.
 */
final class SimulatedTypeDiscovery implements TypeDiscovery {

  private final Storage storage;
  private final Set<Consumer<TypeKey>> listeners = new CopyOnWriteArraySet<>();

  SimulatedTypeDiscovery(Storage storage) {
    this.storage = storage;
  }

  @Override
  public TypePresence presence(TypeKey type) {
    return storage.scopeOf(type).map(TypePresence::present)
        .orElseGet(() -> TypePresence.absent(type + " is not installed in the simulated API"));
  }

  @Override
  public AutoCloseable onTypeAdded(Consumer<TypeKey> listener) {
    listeners.add(listener);
    return () -> listeners.remove(listener);
  }

  /** Tells the listeners that {@code type} was installed. */
  void installed(TypeKey type) {
    listeners.forEach(listener -> listener.accept(type));
  }
}

package io.informer4j.testkit;

import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.TypeRegistry;
import io.informer4j.source.TypePresence;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.function.Consumer;

/**
 * What a {@link SimulatedApi} tells about types: a type is present, with its scope, while it is
 * installed, and listeners hear of each installation at once (as of a CRD becoming established).
 *
 * <p>Thread-safe; listeners are called on the thread that installs the type.
 */
final class InstalledTypes implements TypeRegistry {

  private final Storage storage;
  private final Set<Consumer<TypeKey>> listeners = new CopyOnWriteArraySet<>();

  InstalledTypes(Storage storage) {
    this.storage = storage;
  }

  TypePresence presence(TypeKey type) {
    return storage.scopeOf(type).map(TypePresence::present)
        .orElseGet(() -> TypePresence.absent(type + " is not installed in the simulated API"));
  }

  AutoCloseable onTypeAdded(Consumer<TypeKey> listener) {
    listeners.add(listener);
    return () -> listeners.remove(listener);
  }

  @Override
  public Optional<Scope> scope(TypeKey type) {
    return storage.scopeOf(type);
  }

  @Override
  public Optional<TypeKey> typeOf(Class<?> objectClass) {
    return Optional.empty();
  }

  /** Tells the listeners that {@code type} was installed. */
  void installed(TypeKey type) {
    listeners.forEach(listener -> listener.accept(type));
  }
}

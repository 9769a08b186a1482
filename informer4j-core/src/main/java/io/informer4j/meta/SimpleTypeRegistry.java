package io.informer4j.meta;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A {@link TypeRegistry} filled by hand: each type with its scope and, optionally, the Java class
 * of its typed objects. Thread-safe; registrations may happen at any time.
 */
public final class SimpleTypeRegistry implements TypeRegistry {

  private final Map<TypeKey, Scope> scopes = new ConcurrentHashMap<>();
  private final Map<Class<?>, TypeKey> classes = new ConcurrentHashMap<>();

  /** Registers a type with its scope; returns this registry. */
  public SimpleTypeRegistry register(TypeKey type, Scope scope) {
    scopes.put(Objects.requireNonNull(type, "type"), Objects.requireNonNull(scope, "scope"));
    return this;
  }

  /**
   * Registers a type, its scope and the class of its typed objects; returns this registry.
   *
   * @throws IllegalArgumentException if the class is already registered for another type
   */
  public SimpleTypeRegistry register(TypeKey type, Scope scope, Class<?> objectClass) {
    TypeKey previous = classes.putIfAbsent(Objects.requireNonNull(objectClass, "objectClass"), type);
    if (previous != null && !previous.equals(type)) {
      throw new IllegalArgumentException(objectClass.getName() + " is already registered as " + previous);
    }
    return register(type, scope);
  }

  @Override
  public Optional<Scope> scope(TypeKey type) {
    return Optional.ofNullable(scopes.get(type));
  }

  @Override
  public Optional<TypeKey> typeOf(Class<?> objectClass) {
    return Optional.ofNullable(classes.get(objectClass));
  }
}

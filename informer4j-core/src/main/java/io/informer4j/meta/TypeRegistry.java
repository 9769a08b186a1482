package io.informer4j.meta;

import java.util.Optional;

/**
 * What the engine needs to know about types beyond their key: their scope, and which
 * {@link TypeKey} a Java class of typed objects stands for. The Kubernetes backend implements it from
 * discovery and its model classes; {@link SimpleTypeRegistry} holds a fixed table.
 *
 * <p>Implementations are thread-safe.
 */
public interface TypeRegistry {

  /** Returns the scope of {@code type}, or empty when the type is unknown. */
  Optional<Scope> scope(TypeKey type);

  /** Returns the type a Java class stands for, or empty when the class is not registered. */
  Optional<TypeKey> typeOf(Class<?> objectClass);

  /**
   * Returns the scope of {@code type}.
   *
   * @throws UnknownTypeException if the type is unknown
   */
  default Scope requireScope(TypeKey type) {
    return scope(type).orElseThrow(() -> new UnknownTypeException(type.toString()));
  }

  /**
   * Returns the type of {@code objectClass}.
   *
   * @throws UnknownTypeException if the class is not registered
   */
  default TypeKey requireTypeOf(Class<?> objectClass) {
    return typeOf(objectClass).orElseThrow(() -> new UnknownTypeException(objectClass.getName()));
  }
}

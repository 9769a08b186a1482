package io.informer4j.cli.watch;

import io.informer4j.factory.ClientProvider;
import io.informer4j.factory.GenericClient;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.UnknownTypeException;
import java.util.Objects;

/**
 * A {@link ClientProvider} serving exactly one type from one client (for example the objects under
 * one etcd prefix). Immutable and thread-safe.
 */
final class SingleTypeClients implements ClientProvider {

  private final TypeKey type;
  private final Class<?> objectClass;
  private final GenericClient<?> client;

  /**
   * @param type        the one type served
   * @param objectClass the class its objects are given as
   * @param client      its source and adapter
   */
  <T> SingleTypeClients(TypeKey type, Class<T> objectClass, GenericClient<T> client) {
    this.type = Objects.requireNonNull(type, "type");
    this.objectClass = Objects.requireNonNull(objectClass, "objectClass");
    this.client = Objects.requireNonNull(client, "client");
  }

  /** @throws UnknownTypeException for any other type or class */
  @Override
  @SuppressWarnings("unchecked")
  public <T> GenericClient<T> clientFor(TypeKey requested, Class<T> requestedClass) {
    if (!type.equals(requested) || !objectClass.equals(requestedClass)) {
      throw new UnknownTypeException(requested + " as " + requestedClass.getName() + " (only " + type + " is served)");
    }
    return (GenericClient<T>) client;
  }
}

package io.informer4j.factory;

import io.informer4j.meta.TypeKey;

/**
 * Gives the shared informer factory a client for a type (the seed's {@code ClientProvider.For}). The
 * Kubernetes backend implements it over fabric8; tests implement it over the testkit's SimulatedApi.
 *
 * <p>Implementations are thread-safe and cheap to call: the factory calls once per registered type.
 */
public interface ClientProvider {

  /**
   * Returns the client for objects of {@code type} represented as {@code objectClass}.
   *
   * @throws io.informer4j.meta.UnknownTypeException if the provider cannot serve that type or class
   */
  <T> GenericClient<T> clientFor(TypeKey type, Class<T> objectClass);
}

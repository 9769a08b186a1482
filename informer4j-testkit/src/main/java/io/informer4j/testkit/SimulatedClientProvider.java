package io.informer4j.testkit;

import io.informer4j.factory.ClientProvider;
import io.informer4j.factory.GenericClient;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.UnknownTypeException;

/**
 * The {@link ClientProvider} of a {@link SimulatedApi}: every type, installed or not, is served as
 * {@link SimObject} through the API's {@link io.informer4j.source.ListerWatcher} (a type that is not
 * installed answers lists and watches with {@code TypeNotFoundException}). Thread-safe.
 */
final class SimulatedClientProvider implements ClientProvider {

  private final SimulatedApi api;

  SimulatedClientProvider(SimulatedApi api) {
    this.api = api;
  }

  /** @throws UnknownTypeException when {@code objectClass} is not {@link SimObject} */
  @Override
  public <T> GenericClient<T> clientFor(TypeKey type, Class<T> objectClass) {
    if (objectClass != SimObject.class) {
      throw new UnknownTypeException(objectClass.getName() + " (the simulated API serves SimObject only)");
    }
    @SuppressWarnings("unchecked")
    GenericClient<T> client = (GenericClient<T>) new GenericClient<>(api.listerWatcher(type), SimObject.ADAPTER);
    return client;
  }
}

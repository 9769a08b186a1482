package io.informer4j.spring;

import io.informer4j.health.Katalog;
import java.util.Objects;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * {@code /actuator/katalog}: the document informer4j-health serves at {@code /katalog} (informers,
 * controllers, the factory's routing; never object contents or credentials), as the same JSON.
 * Expose it with {@code management.endpoints.web.exposure.include=health,katalog}. Thread-safe.
 */
@Endpoint(id = "katalog")
public class KatalogEndpoint {

  private final Katalog katalog;

  KatalogEndpoint(Katalog katalog) {
    this.katalog = Objects.requireNonNull(katalog, "katalog");
  }

  /** Returns the document as JSON text. */
  @ReadOperation(produces = "application/json")
  public String katalog() {
    return katalog.json();
  }
}

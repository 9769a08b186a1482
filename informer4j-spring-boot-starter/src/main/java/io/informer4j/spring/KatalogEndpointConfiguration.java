package io.informer4j.spring;

import io.informer4j.health.Katalog;
import io.informer4j.manager.Manager;
import java.util.Map;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The {@code katalog} actuator endpoint, when the actuator is present and the endpoint is available. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(ConditionalOnAvailableEndpoint.class)
class KatalogEndpointConfiguration {

  @Bean
  @ConditionalOnAvailableEndpoint
  KatalogEndpoint informer4jKatalogEndpoint(Manager manager) {
    return new KatalogEndpoint(new Katalog(manager, Map.of()));
  }
}

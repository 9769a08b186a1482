package io.informer4j.spring;

import io.informer4j.coordination.LeaderElection;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectKey;
import io.informer4j.source.Backend;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * Configures informer4j in a Spring Boot application: a {@link Manager} over the application's
 * {@link Backend} (Kubernetes or etcd from {@code informer4j.*} properties, or the application's own
 * Backend bean), its controllers from {@link ControllerDefinition} beans, its metrics on Spring's
 * meter registry, actuator health and {@code /actuator/katalog}; the manager runs with the
 * context ({@link ManagerLifecycle}). Every bean backs off when the application defines its own.
 * Off with {@code informer4j.enabled=false}.
 */
// after the probes' groups exist, so that informer4j's indicators join them (see ProbeGroups)
@AutoConfiguration(afterName = {
    "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
    "org.springframework.boot.health.autoconfigure.actuate.endpoint.AvailabilityProbesAutoConfiguration"})
@ConditionalOnBooleanProperty(name = "informer4j.enabled", matchIfMissing = true)
@EnableConfigurationProperties(Informer4jProperties.class)
@Import({EtcdBackendConfiguration.class, KubernetesBackendConfiguration.class, Informer4jHealthConfiguration.class,
    KatalogEndpointConfiguration.class})
public class Informer4jAutoConfiguration {

  /**
   * The manager over {@code backend}, with the cache options, name and stop timeout of the
   * properties and the leader election if one is configured; not started (the lifecycle starts it).
   */
  @Bean
  @ConditionalOnMissingBean
  Manager informer4jManager(Backend backend, Informer4jProperties properties,
                            ObjectProvider<LeaderElection<ObjectKey>> leaderElection) {
    Manager.Builder builder = Manager.builder(backend).name(properties.getName())
        .stopTimeout(properties.getStopTimeout()).startTimeout(properties.getStartTimeout())
        .watchNewTypes(properties.isWatchNewTypes()).cacheOptions(ManagerSettings.cacheOptions(properties));
    leaderElection.ifAvailable(builder::leaderElection);
    return builder.build();
  }

  /** Registers the controller beans and runs the manager with the application context. */
  @Bean
  ManagerLifecycle informer4jManagerLifecycle(Manager manager, ObjectProvider<ControllerDefinition<?>> definitions,
                                              Informer4jProperties properties) {
    return new ManagerLifecycle(manager, definitions.orderedStream().toList(), properties);
  }

  /**
   * Publishes every metric of the manager to Spring's meter registry too, by adding it to the
   * manager's composite registry (Spring Boot binds meter binders to its registry).
   */
  @Bean
  MeterBinder informer4jMeterBinder(Manager manager) {
    return registry -> manager.meterRegistry().add(registry);
  }
}

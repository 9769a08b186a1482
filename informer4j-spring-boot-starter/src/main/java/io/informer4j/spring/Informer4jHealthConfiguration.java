package io.informer4j.spring;

import io.informer4j.health.HealthChecks;
import io.informer4j.manager.Manager;
import java.time.Clock;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroupsPostProcessor;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Actuator health of the manager, when Spring Boot's health support is present: two indicators
 * judged by informer4j-health's {@link HealthChecks} — {@value #LIVENESS} (DOWN when the manager
 * stopped after a failure, an informer gave up or a controller failed) and {@value #READINESS}
 * (DOWN until every cache synced and every controller runs, and again when an informer fails for
 * longer than {@code informer4j.health.readiness-grace}) — the first in the {@code liveness}
 * group, the second in the {@code readiness} group (see {@link ProbeGroups}); both in
 * {@code /actuator/health}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = {"org.springframework.boot.health.contributor.HealthIndicator",
    "org.springframework.boot.health.actuate.endpoint.HealthEndpointGroupsPostProcessor",
    "org.springframework.boot.actuate.endpoint.web.AdditionalPathsMapper"})
class Informer4jHealthConfiguration {

  /** The liveness indicator's name in health responses. */
  static final String LIVENESS = "informer4jLiveness";
  /** The readiness indicator's name in health responses. */
  static final String READINESS = "informer4jReadiness";

  @Bean
  HealthChecks informer4jHealthChecks(Manager manager, Informer4jProperties properties) {
    return new HealthChecks(manager, properties.getHealth().getReadinessGrace(), Clock.systemUTC());
  }

  @Bean(LIVENESS)
  HealthIndicator informer4jLiveness(HealthChecks checks) {
    return new ManagerHealthIndicator(checks::liveness);
  }

  @Bean(READINESS)
  HealthIndicator informer4jReadiness(HealthChecks checks) {
    return new ManagerHealthIndicator(checks::readiness);
  }

  @Bean
  HealthEndpointGroupsPostProcessor informer4jProbeGroups() {
    return ProbeGroups::new;
  }
}

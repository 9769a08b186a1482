/**
 * Spring Boot auto-configuration of informer4j: a {@link io.informer4j.manager.Manager} from
 * {@code informer4j.*} properties ({@link io.informer4j.spring.Informer4jProperties}), controllers
 * from {@link io.informer4j.spring.ControllerDefinition} beans, metrics on Spring's meter registry,
 * actuator health (liveness and readiness) and {@code /actuator/katalog}, run with the context.
 */
package io.informer4j.spring;

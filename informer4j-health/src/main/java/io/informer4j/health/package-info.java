/**
 * Health and status over HTTP: {@link io.informer4j.health.HealthServer} is a
 * {@link io.informer4j.manager.ManagedComponent} serving {@code /healthz}, {@code /readyz}
 * (caches synced and watching; a normal watch rotation or a short backoff never fails it),
 * {@code /katalog} (a JSON status of types, informers, queues, controllers and coordination, with no
 * object contents or credentials) and {@code /metrics} (Prometheus). {@link io.informer4j.health.HealthChecks}
 * decides liveness and readiness of a manager, for this server or any other. Thread-safe.
 */
package io.informer4j.health;

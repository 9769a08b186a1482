/**
 * The manager: {@link io.informer4j.manager.Manager} runs a whole controller program on one
 * {@link io.informer4j.informer.InformerRuntime} (every thread), with one informers map, its
 * controllers (declared with {@link io.informer4j.manager.ControllerBuilder}), its
 * {@link io.informer4j.manager.ManagedComponent}s, one meter registry and optional leader election;
 * it starts in order (components, caches, then workers once synced) and stops in reverse within a
 * bound. A manager is thread-safe; its {@code stopped()} future completes with the first fatal
 * cause, and start failures are typed ({@link io.informer4j.manager.ManagerStartException}).
 */
package io.informer4j.manager;

/**
 * The manager: {@link io.informer4j.manager.Manager} runs a whole controller program on one
 * {@link io.informer4j.informer.InformerRuntime} (every thread), with one informers map, its
 * controllers (declared with {@link io.informer4j.manager.ControllerBuilder}), its
 * {@link io.informer4j.manager.ManagedComponent}s, one meter registry and optional leader election;
 * it starts in order (components, caches, then workers once synced) and stops in reverse within a
 * bound. A manager is thread-safe; its {@code stopped()} future completes with the first fatal
 * cause, and start failures are typed ({@link io.informer4j.manager.ManagerStartException}).
 * Its controllers read their own writes: writes recorded in {@link io.informer4j.manager.OwnWrites}
 * hold the next reconcile of the written key back until the cache has seen them (bounded).
 */
package io.informer4j.manager;

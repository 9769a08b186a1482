/**
 * Informers: {@link io.informer4j.informer.SharedIndexInformer} keeps a cache of one type in step
 * with a {@link io.informer4j.source.ListerWatcher} and tells {@link io.informer4j.informer.EventHandler}s
 * what changed, each handler on its own serial lane; {@link io.informer4j.informer.InformerRuntime}
 * owns every thread informers and handlers run on; {@link io.informer4j.informer.InformerStatus},
 * {@link io.informer4j.informer.InformerState} and {@link io.informer4j.informer.InformerMetrics}
 * make an informer observable; {@link io.informer4j.informer.RetryPolicy} and
 * {@link io.informer4j.informer.BackoffPolicy} decide how it recovers. Informers, registrations and
 * runtimes are thread-safe; waiting for sync is done through futures with timeouts, never by
 * polling. The implementation lives in {@code io.informer4j.informer.internal}, which is not API.
 */
package io.informer4j.informer;

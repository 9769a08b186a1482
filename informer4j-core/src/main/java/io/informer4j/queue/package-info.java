/**
 * Work queues with client-go's rules ({@link io.informer4j.queue.WorkQueue}: an item is queued at
 * most once and never handed to two workers at once), delayed and rate-limited adds
 * ({@link io.informer4j.queue.DelayingQueue}, {@link io.informer4j.queue.RateLimitingQueue} and the
 * {@link io.informer4j.queue.RateLimiter}s), priorities with aging
 * ({@link io.informer4j.queue.PriorityWorkQueue}, {@link io.informer4j.queue.QueueOrdering}) and the
 * per-type {@link io.informer4j.queue.QueueRegistry} with its default queue. Queues, limiters and
 * the registry are thread-safe; {@code get} blocks until an item is queued, its timeout passes or
 * the queue shuts down, and an interrupted {@code get} takes no item. Package-private classes are
 * the queue's internal structures, not API.
 */
package io.informer4j.queue;

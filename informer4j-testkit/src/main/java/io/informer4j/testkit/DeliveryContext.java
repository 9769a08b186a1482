package io.informer4j.testkit;

import io.informer4j.time.Clock;
import io.informer4j.time.Scheduler;
import java.util.concurrent.Executor;
import java.util.function.LongSupplier;

/**
 * What watches need to deliver events: the shared executor that runs deliveries, the timers, the
 * clock those timers follow, and the injected event latency.
 *
 * @param executor           runs deliveries; shared by all watches of one API
 * @param scheduler          runs timers (watch timeouts, delayed deliveries, bookmarks)
 * @param clock              the time the scheduler follows
 * @param eventLatencyNanos  the current injected delay before an event may be delivered
 */
record DeliveryContext(Executor executor, Scheduler scheduler, Clock clock, LongSupplier eventLatencyNanos) {
}

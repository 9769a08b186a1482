package io.informer4j.benchmarks.sharding;

import io.informer4j.coordination.LeaseTiming;
import java.time.Duration;

/**
 * The fixed settings of a sharding benchmark run.
 *
 * @param shards        the shard count
 * @param timing        the lease timing
 * @param reconcileTime how long each reconcile works
 * @param workers       controller workers per replica
 */
record ShardingRun(int shards, LeaseTiming timing, Duration reconcileTime, int workers) {
}

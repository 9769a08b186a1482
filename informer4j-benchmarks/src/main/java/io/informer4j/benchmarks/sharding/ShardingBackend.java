package io.informer4j.benchmarks.sharding;

import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.coordination.ReconcileLog;
import io.informer4j.testkit.coordination.ShardingScenario;

/** Where the sharding benchmark's replicas run: objects to reconcile and a lease backend. */
interface ShardingBackend extends AutoCloseable {

  /** Returns the type of the reconciled objects. */
  TypeKey type();

  /** Creates {@code count} objects {@code ns/obj-<i>}. */
  void create(int count);

  /** Changes every one of the {@code count} objects once, so each gets one update event. */
  void touchAll(int count, int round);

  /** Starts replica {@code identity} in shard group {@code group}, recording into {@code log}. */
  ShardingScenario.Started start(String group, String identity, ReconcileLog log);

  @Override
  void close();
}

package io.informer4j.coordination;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.testkit.coordination.InMemoryShardLeases;
import io.informer4j.testkit.coordination.ReconcileLog;
import io.informer4j.testkit.coordination.ShardedReplica;
import io.informer4j.testkit.coordination.ShardingScenario;
import io.informer4j.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Three sharded Manager controllers over one {@link SimulatedApi}, sharing 12 shards of 60 objects
 * through {@link InMemoryShardLeases} (see {@link ShardingScenario}): each change reconciled exactly
 * once, no key reconciled by two replicas at once, a killed replica's keys taken over.
 */
class ShardedManagersOnSimulatedApiTest {

  private static final int SHARDS = 12;
  private static final LeaseTiming TIMING = new LeaseTiming(Duration.ofSeconds(3), Duration.ofSeconds(2),
      Duration.ofMillis(500));
  private static final TypeKey WIDGETS = TypeKey.of("example.io", "v1", "Widget");

  private final SimulatedApi api = SimulatedApi.builder().type(WIDGETS, Scope.NAMESPACED).build();
  private final InMemoryShardLeases.Table table = new InMemoryShardLeases.Table();
  private final AtomicInteger round = new AtomicInteger();

  @AfterEach
  void tearDown() {
    api.close();
  }

  private ShardingScenario.Started start(String identity, ReconcileLog reconciles) {
    InMemoryShardLeases leases = new InMemoryShardLeases(identity, table, Clock.system(), TIMING.leaseDuration());
    ShardedReplica replica = ShardedReplica.start(identity, Manager.builder(api), api.type(WIDGETS), leases, TIMING,
        SHARDS, reconciles, Duration.ofMillis(5), 2);
    return new ShardingScenario.Started(replica, () -> {
      leases.cutOff();
      replica.close();
    });
  }

  private String change(String key) {
    ObjectKey objectKey = ObjectKey.parse(key);
    return api.upsert(WIDGETS, SimObject.of(objectKey.namespace(), objectKey.name())
        .withContentAt("spec.round", String.valueOf(round.incrementAndGet()))).resourceVersion();
  }

  @Test
  void eachChangeIsReconciledOnceByTheOwnerOfItsShardThroughAReplicasDeath() {
    Set<String> keys = new TreeSet<>();
    for (int i = 0; i < 60; i++) {
      api.create(WIDGETS, SimObject.of("default", "w-" + i));
      keys.add("default/w-" + i);
    }
    try (ShardingScenario scenario = new ShardingScenario(SHARDS, WIDGETS, keys, TIMING, this::start, this::change)) {
      assertThat(scenario.run()).isPositive();
    }
  }
}

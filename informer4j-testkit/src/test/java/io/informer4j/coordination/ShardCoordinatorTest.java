package io.informer4j.coordination;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.controller.ReconcileGate.Admission;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.QueueItem;
import io.informer4j.testkit.coordination.InMemoryShardLeases;
import io.informer4j.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Rounds driven by hand on a manual clock over an in-memory lease table. */
class ShardCoordinatorTest {

  private static final int SHARDS = 12;
  private static final TypeKey ITEMS = TypeKey.of("example.io", "v1", "Item");
  private static final LeaseTiming TIMING = new LeaseTiming(Duration.ofSeconds(3), Duration.ofSeconds(2),
      Duration.ofMillis(500));

  private final ManualClock clock = new ManualClock();
  private final InMemoryShardLeases.Table table = new InMemoryShardLeases.Table();
  private final List<Replica> replicas = new ArrayList<>();

  private final class Replica {
    final InMemoryShardLeases leases;
    final ShardOwnership ownership;
    final List<Set<Integer>> gained = new CopyOnWriteArrayList<>();
    final ShardCoordinator coordinator;

    Replica(String identity) {
      leases = new InMemoryShardLeases(identity, table, clock, TIMING.leaseDuration());
      coordinator = ShardCoordinator.builder(leases, SHARDS).timing(TIMING).clock(clock).build();
      coordinator.addListener(gained::add);
      ownership = coordinator.ownership();
      replicas.add(this);
    }
  }

  @AfterEach
  void closeAll() {
    replicas.forEach(r -> r.coordinator.close());
  }

  private void rounds(int count, List<Replica> who) {
    for (int i = 0; i < count; i++) {
      who.forEach(r -> r.coordinator.roundSafely());
      clock.advance(TIMING.retryPeriod());
    }
  }

  private static void assertPartition(List<Replica> who) {
    Set<Integer> all = new TreeSet<>();
    for (Replica r : who) {
      Set<Integer> held = r.ownership.held();
      assertThat(held).hasSizeBetween(SHARDS / who.size(), (SHARDS + who.size() - 1) / who.size());
      assertThat(all).doesNotContainAnyElementsOf(held);
      all.addAll(held);
    }
    assertThat(all).hasSize(SHARDS);
  }

  @Test
  void threeReplicasSplitTheShardsAndEachAcceptsOnlyItsKeys() {
    List<Replica> three = List.of(new Replica("a"), new Replica("b"), new Replica("c"));
    rounds(4, three);
    assertPartition(three);
    for (int i = 0; i < 100; i++) {
      ObjectKey key = ObjectKey.of("ns", "obj-" + i);
      long accepting = three.stream().filter(r -> r.ownership.accepts(ITEMS, key)).count();
      assertThat(accepting).as("replicas accepting %s", key).isEqualTo(1);
    }
    assertThat(three.get(0).coordinator.status()).containsEntry("quota", 4).containsKey("holders");
  }

  @Test
  void aCutOffReplicaStopsAtItsRenewDeadlineAndOthersTakeOverAfterTheLease() {
    Replica a = new Replica("a");
    Replica b = new Replica("b");
    Replica c = new Replica("c");
    rounds(4, List.of(a, b, c));
    Set<Integer> lostShards = c.ownership.held();
    c.leases.cutOff();

    clock.advance(TIMING.renewDeadline());
    assertThat(c.ownership.held()).as("c hands nothing out past its renew deadline").isEmpty();
    lostShards.forEach(shard -> assertThat(table.holder(shard, clock.nanoTime())).isEqualTo("c"));

    clock.advance(TIMING.safetyMargin());
    rounds(4, List.of(a, b, c));
    assertPartition(List.of(a, b));
    Set<Integer> regained = new HashSet<>();
    a.gained.forEach(regained::addAll);
    b.gained.forEach(regained::addAll);
    assertThat(regained).containsAll(lostShards);
    assertThat(c.coordinator.failedRounds()).isPositive();
  }

  @Test
  void aJoiningReplicaGetsItsShareAfterTheHolderDrainedInFlightReconciles() throws InterruptedException {
    Replica a = new Replica("a");
    rounds(2, List.of(a));
    assertThat(a.ownership.held()).hasSize(SHARDS);
    QueueItem busy = busyItemOf(a, SHARDS - 1);
    assertThat(a.ownership.gate(busy.type()).enter(busy.key())).isEqualTo(Admission.RUN);

    Replica b = new Replica("b");
    b.coordinator.roundSafely();
    a.coordinator.roundSafely();
    assertThat(a.ownership.releasing()).contains(SHARDS - 1);
    assertThat(a.ownership.isActive(SHARDS - 1)).isFalse();
    assertThat(a.ownership.gate(busy.type()).enter(busy.key())).isEqualTo(Admission.DROP);
    clock.advance(Duration.ofMillis(100));
    a.coordinator.roundSafely();
    assertThat(table.holder(SHARDS - 1, clock.nanoTime())).as("kept while a reconcile runs").isEqualTo("a");

    a.ownership.gate(busy.type()).exit(busy.key());
    assertThat(a.ownership.awaitDrained(SHARDS - 1, Duration.ZERO)).isTrue();
    rounds(3, List.of(a, b));
    assertPartition(List.of(a, b));
    assertThat(a.coordinator.transitions().recent()).anySatisfy(t -> assertThat(t.what()).startsWith("released"));
  }

  @Test
  void closingReleasesEveryShardAtOnce() {
    Replica a = new Replica("a");
    rounds(2, List.of(a));
    a.coordinator.close();
    for (int shard = 0; shard < SHARDS; shard++) {
      assertThat(table.holder(shard, clock.nanoTime())).isNull();
    }
  }

  private static QueueItem busyItemOf(Replica replica, int shard) {
    for (int i = 0; ; i++) {
      QueueItem item = new QueueItem(ITEMS, ObjectKey.of("ns", "obj-" + i));
      if (replica.ownership.shardOf(item.type(), item.key()) == shard) {
        return item;
      }
    }
  }
}

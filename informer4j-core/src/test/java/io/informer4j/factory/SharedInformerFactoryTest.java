package io.informer4j.factory;

import static io.informer4j.factory.FactoryFixture.CHECK_EVERY;
import static io.informer4j.factory.FactoryFixture.ITEMS;
import static io.informer4j.factory.FactoryFixture.status;
import static io.informer4j.queue.QueueTesting.drain;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.controller.DropReason;
import io.informer4j.controller.NamespaceFilter;
import io.informer4j.informer.InformerState;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.PriorityWorkQueue;
import io.informer4j.queue.QueueItem;
import io.informer4j.reader.MapEntry;
import io.informer4j.source.ExpiredException;
import io.informer4j.source.TypePresence;
import io.informer4j.source.WatchEvent;
import io.informer4j.testing.FakeBackend;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.Item;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The factory's own rules, on a fake backend; SimulatedApi-based tests live in the testkit. */
class SharedInformerFactoryTest {

  private static final Duration WAIT = Duration.ofSeconds(5);

  private final FactoryFixture fixture = new FactoryFixture();
  private final FakeSource source = fixture.source();
  private final SharedInformerFactory factory = fixture.factory().build();

  @AfterEach
  void tearDown() throws InterruptedException {
    factory.stop(WAIT);
    fixture.close();
  }

  private static QueueItem item(String ns, String name) {
    return new QueueItem(ITEMS.key(), ObjectKey.of(ns, name));
  }

  private long eventsReceived() {
    return status(factory, ITEMS.key()).eventsReceived();
  }

  @Test
  void routesEveryEventAsOneItemPerKeyToTheTypesQueue() throws InterruptedException {
    PriorityWorkQueue<QueueItem> queue = fixture.queues.register(ITEMS.key());
    source.put(Item.of("a", "x", "1"));
    factory.informerFor(ITEMS, InformerOptions.defaults());
    factory.start();
    assertThat(factory.waitForCacheSync(WAIT)).isTrue();
    FakeSource.Watch watch = source.lastWatch();
    watch.send(WatchEvent.modified(Item.of("a", "x", "2")));
    watch.send(WatchEvent.added(Item.of("a", "y", "3")));
    watch.send(WatchEvent.deleted(Item.of("a", "y", "4")));
    await().until(() -> eventsReceived() == 4);
    assertThat(drain(queue)).containsExactlyInAnyOrder(item("a", "x"), item("a", "y"));
    assertThat(drain(fixture.queues.defaultQueue())).isEmpty();
    assertThat(status(factory, ITEMS.key()).enqueued()).isEqualTo(4);
  }

  @Test
  void aTypeWithoutItsOwnQueueGoesToTheDefaultQueue() throws InterruptedException {
    source.put(Item.of("a", "x", "1"));
    factory.informerFor(ITEMS, InformerOptions.defaults());
    factory.start();
    assertThat(factory.waitForCacheSync(WAIT)).isTrue();
    assertThat(drain(fixture.queues.defaultQueue())).containsExactly(item("a", "x"));
    assertThat(status(factory, ITEMS.key()).queue()).isEqualTo(fixture.queues.defaultQueue().name());
  }

  @Test
  void theOptionsQueueWinsOverTheRegistrysQueue() throws InterruptedException {
    PriorityWorkQueue<QueueItem> registered = fixture.queues.register(ITEMS.key());
    PriorityWorkQueue<QueueItem> own = fixture.queues.register(TypeKey.of("example.io", "v1", "Own"));
    source.put(Item.of("a", "x", "1"));
    factory.informerFor(ITEMS, InformerOptions.builder().queue(own).build());
    factory.start();
    assertThat(factory.waitForCacheSync(WAIT)).isTrue();
    assertThat(drain(own)).containsExactly(item("a", "x"));
    assertThat(drain(registered)).isEmpty();
  }

  @Test
  void aDeleteSeenOnlyThroughARelistIsRouted() throws InterruptedException {
    PriorityWorkQueue<QueueItem> queue = fixture.queues.register(ITEMS.key());
    source.put(Item.of("a", "gone", "1"));
    factory.informerFor(ITEMS, InformerOptions.defaults());
    factory.start();
    assertThat(factory.waitForCacheSync(WAIT)).isTrue();
    FakeSource.Watch watch = source.lastWatch();
    assertThat(drain(queue)).containsExactly(item("a", "gone"));
    source.remove("a/gone");
    watch.end(new ExpiredException("gone"));
    fixture.clock.advance(Duration.ofSeconds(30));
    await().until(() -> eventsReceived() == 2);
    assertThat(drain(queue)).containsExactly(item("a", "gone"));
  }

  @Test
  void aSingleExactAllowedNamespaceScopesTheListAndWatch() throws InterruptedException {
    factory.informerFor(ITEMS, InformerOptions.builder().namespaceFilter(NamespaceFilter.allowing("prod")).build());
    factory.start();
    assertThat(factory.waitForCacheSync(WAIT)).isTrue();
    FakeSource prod = fixture.backend.source(ITEMS, "prod");
    assertThat(prod.lastWatch().request.selection().namespace()).isEqualTo("prod");
    assertThat(prod.lists()).isNotEmpty().allSatisfy(r -> assertThat(r.selection().namespace()).isEqualTo("prod"));
    assertThat(source.lists()).as("nothing is listed across namespaces").isEmpty();
    assertThat(status(factory, ITEMS.key()).tier()).isEqualTo(1);
  }

  @Test
  void tierTwoDropsDisallowedNamespacesBeforeAnyQueueAndRestrictedWins() throws InterruptedException {
    PriorityWorkQueue<QueueItem> queue = fixture.queues.register(ITEMS.key());
    factory.informerFor(ITEMS, InformerOptions.builder()
        .namespaceFilter(NamespaceFilter.of(List.of("team-*"), List.of("team-secret"))).build());
    factory.start();
    assertThat(factory.waitForCacheSync(WAIT)).isTrue();
    FakeSource.Watch watch = source.lastWatch();
    assertThat(watch.request.selection().namespace()).as("all namespaces").isEmpty();
    watch.send(WatchEvent.added(Item.of("team-a", "x", "2")));
    watch.send(WatchEvent.added(Item.of("team-secret", "y", "3")));
    watch.send(WatchEvent.added(Item.of("other", "z", "4")));
    watch.send(WatchEvent.added(Item.of("", "no-ns", "5")));
    await().until(() -> eventsReceived() == 4);
    assertThat(drain(queue)).containsExactly(item("team-a", "x"));
    TypeStatus status = status(factory, ITEMS.key());
    assertThat(status.droppedByFilter()).containsEntry(DropReason.RESTRICTED, 1L).containsEntry(DropReason.NOT_ALLOWED, 1L)
        .containsEntry(DropReason.NO_NAMESPACE, 1L).containsEntry(DropReason.ENQUEUE_FILTER, 0L);
    assertThat(status.droppedTotal()).isEqualTo(3);
    assertThat(status.tier()).isEqualTo(2);
  }

  @Test
  void everyEventOfAClusterScopedTypePassesWithAClusterScopedKey() throws InterruptedException {
    ObjectType<Item> nodes = FakeBackend.NODES;
    PriorityWorkQueue<QueueItem> queue = fixture.queues.register(nodes.key());
    fixture.backend.source(nodes).put(Item.of("", "node-1", "1"));
    factory.informerFor(nodes, InformerOptions.defaults());
    factory.start();
    assertThat(factory.waitForCacheSync(WAIT)).isTrue();
    assertThat(drain(queue)).containsExactly(new QueueItem(nodes.key(), ObjectKey.clusterScoped("node-1")));
    assertThat(status(factory, nodes.key()).tier()).isZero();
    assertThat(status(factory, nodes.key()).droppedTotal()).isZero();
  }

  @Test
  void aMissingTypeIsNotRunNorWaitedForAndActivatesWhenItAppears() throws InterruptedException {
    fixture.backend.setPresence(ITEMS.key(), TypePresence.absent("no such kind"));
    SharedIndexInformer<Item> informer = factory.informerFor(ITEMS, InformerOptions.builder().name("Item").build());
    assertThat(factory.isMissing(ITEMS.key())).isTrue();
    factory.start();
    assertThat(factory.waitForCacheSync(Duration.ofMillis(10))).as("missing types are not waited for").isTrue();
    assertThat(informer.state()).isEqualTo(InformerState.NEW);
    assertThat(factory.status()).isEqualTo("Item(not synced)");
    assertThat(status(factory, ITEMS.key()).missing()).isTrue();
    assertThat(status(factory, ITEMS.key()).presence()).isEqualTo("no such kind");
    assertThat(factory.missing()).containsOnlyKeys(ITEMS.key());

    fixture.backend.setPresence(ITEMS.key(), TypePresence.present(Scope.NAMESPACED));
    await().until(() -> fixture.advanced(CHECK_EVERY) && !factory.isMissing(ITEMS.key()));

    assertThat(informer.waitForCacheSync(WAIT)).isTrue();
    assertThat(factory.waitForCacheSync(WAIT)).isTrue();
    assertThat(factory.status()).isEqualTo("Item(synced)");
    assertThat(factory.missing()).isEmpty();
  }

  @Test
  void aMissingTypeActivatesAtOnceOnTheTypeAddedSignal() throws InterruptedException {
    fixture.backend.setPresence(ITEMS.key(), TypePresence.absent("no such kind"));
    SharedIndexInformer<Item> informer = factory.informerFor(ITEMS, InformerOptions.defaults());
    factory.start();
    fixture.backend.setPresence(ITEMS.key(), TypePresence.present(Scope.NAMESPACED));

    fixture.backend.fireTypeAdded(ITEMS.key());
    fixture.clock.runDue();

    await().until(() -> !factory.isMissing(ITEMS.key()));
    assertThat(informer.waitForCacheSync(WAIT)).isTrue();
  }

  @Test
  void aTypeThatVanishesAtRuntimeGoesBackToMissing() throws InterruptedException {
    factory.informerFor(ITEMS, InformerOptions.defaults());
    factory.start();
    assertThat(factory.waitForCacheSync(WAIT)).isTrue();
    FakeSource.Watch watch = source.lastWatch();
    fixture.backend.setPresence(ITEMS.key(), TypePresence.absent("no such kind"));
    source.setInstalled(false);
    watch.end(new ExpiredException("gone"));
    await().until(() -> fixture.advanced(Duration.ofSeconds(2)) && factory.isMissing(ITEMS.key()));
    assertThat(factory.missing()).containsOnlyKeys(ITEMS.key());
    assertThat(factory.registered().get(ITEMS.key()).runState()).as("it keeps retrying")
        .isEqualTo(MapEntry.RunState.RUNNING);
  }

  @Test
  void typesMarkedMissingBeforeStartWaitUntilDeclaredPresent() throws InterruptedException {
    SharedIndexInformer<Item> informer = factory.informerFor(ITEMS, InformerOptions.defaults());
    assertThatThrownBy(() -> factory.setMissingOnStartup(Set.of(TypeKey.of("", "v1", "Secret"))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not registered");
    factory.setMissingOnStartup(Set.of(ITEMS.key()));
    factory.start();
    assertThat(factory.isMissing(ITEMS.key())).isTrue();
    assertThat(informer.state()).isEqualTo(InformerState.NEW);

    factory.removeMissing(ITEMS.key());

    assertThat(factory.isMissing(ITEMS.key())).isFalse();
    assertThat(informer.waitForCacheSync(WAIT)).isTrue();
  }

  @Test
  void lifecycleMisusesAreClearErrors() throws InterruptedException {
    factory.informerFor(ITEMS, InformerOptions.defaults());
    factory.start();
    assertThatThrownBy(factory::start).isInstanceOf(IllegalStateException.class).hasMessage("factory already started");
    assertThat(factory.isReady()).isTrue();
    assertThatThrownBy(() -> factory.setMissingOnStartup(Set.of(ITEMS.key()))).isInstanceOf(IllegalStateException.class);
    assertThat(factory.stop(WAIT)).isTrue();
    assertThat(factory.stop(WAIT)).isTrue();
    assertThat(factory.isReady()).isFalse();
    assertThatThrownBy(factory::start).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("factory has been stopped and cannot be restarted");
    assertThatThrownBy(() -> factory.informerFor(ITEMS, InformerOptions.defaults()))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void theFirstRegistrationWinsAndALaterDifferentOneIsReported() {
    SharedIndexInformer<Item> first = factory.informerFor(ITEMS, InformerOptions.builder().name("first").build());
    SharedIndexInformer<Item> second = factory.informerFor(ITEMS, InformerOptions.builder().name("second").build());
    assertThat(second).isSameAs(first);
    assertThat(first.name()).isEqualTo("first");
    assertThat(status(factory, ITEMS.key()).name()).isEqualTo("first");
    assertThat(status(factory, ITEMS.key()).conflicts()).singleElement().asString().contains("name=second");
    assertThat(factory.registered()).containsOnlyKeys(ITEMS.key());
    assertThat(fixture.backend.calls()).hasSize(1);
  }

  @Test
  void aTypedClassIsRegisteredAsTheBackendsTypeForIt() {
    fixture.backend.typed(ITEMS);
    SharedIndexInformer<Item> byClass = factory.informerFor(Item.class, InformerOptions.defaults());
    assertThat(factory.informerFor(ITEMS, InformerOptions.defaults())).isSameAs(byClass);
    assertThat(factory.registered().get(ITEMS.key()).type()).isEqualTo(ITEMS);
  }

  @Test
  void statusDescribesEachTypeForHealthEndpoints() throws InterruptedException {
    fixture.queues.register(ITEMS.key());
    source.put(Item.of("a", "x", "1"));
    source.put(Item.of("a", "y", "1"));
    factory.informerFor(ITEMS, InformerOptions.builder().name("items").build());
    factory.start();
    assertThat(factory.waitForCacheSync(WAIT)).isTrue();

    TypeStatus status = status(factory, ITEMS.key());
    assertThat(status.name()).isEqualTo("items");
    assertThat(status.synced()).isTrue();
    assertThat(status.missing()).isFalse();
    assertThat(status.state()).isEqualTo(InformerState.WATCHING);
    assertThat(status.cacheSize()).isEqualTo(2);
    assertThat(status.lastResourceVersion()).isEqualTo("1");
    assertThat(status.eventsReceived()).isEqualTo(2);
    assertThat(status.queueDepth()).isEqualTo(2);
    assertThat(status.namespaces()).isEqualTo("all namespaces");
    assertThat(status.conflicts()).isEmpty();
    assertThat(factory.status()).isEqualTo("items(synced)");
  }

  @Test
  void waitingWithNothingToWaitForSucceedsAtOnce() throws InterruptedException {
    factory.start();
    assertThat(factory.waitForCacheSync(Duration.ZERO)).isTrue();
  }
}

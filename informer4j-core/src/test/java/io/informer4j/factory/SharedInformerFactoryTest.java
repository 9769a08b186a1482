package io.informer4j.factory;

import static io.informer4j.queue.QueueTesting.drain;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.Scope;
import io.informer4j.meta.SimpleTypeRegistry;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.PriorityWorkQueue;
import io.informer4j.queue.QueueItem;
import io.informer4j.queue.QueueRegistry;
import io.informer4j.source.ExpiredException;
import io.informer4j.source.WatchEvent;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.Item;
import io.informer4j.time.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The factory's own rules, on a scripted source; SimulatedApi-based tests live in the testkit. */
class SharedInformerFactoryTest {

  private static final TypeKey ITEMS = TypeKey.of("example.io", "v1", "Item");

  private final FakeSource source = new FakeSource();
  private final ManualClock clock = new ManualClock();
  private final InformerRuntime runtime = InformerRuntime.builder("factory-test").time(clock, clock).build();
  private final QueueRegistry queues = QueueRegistry.builder().clock(clock).scheduler(clock).build();
  private final SimpleTypeRegistry types = new SimpleTypeRegistry().register(ITEMS, Scope.NAMESPACED, Item.class);
  private final ClientProvider clients = new ClientProvider() {
    @Override
    @SuppressWarnings("unchecked")
    public <T> GenericClient<T> clientFor(TypeKey type, Class<T> objectClass) {
      return (GenericClient<T>) new GenericClient<>(source, Item.ADAPTER);
    }
  };
  private SharedInformerFactory factory = newFactory();

  private SharedInformerFactory newFactory() {
    return SharedInformerFactory.builder(clients, types, queues).runtime(runtime).watchList(false)
        .missingTypeChecks(MissingTypeChecks.every(Duration.ofSeconds(10))).build();
  }

  @AfterEach
  void tearDown() throws InterruptedException {
    factory.shutdown(Duration.ofSeconds(5));
    queues.shutdownAll();
    runtime.close(Duration.ofSeconds(5));
  }

  private static QueueItem item(String ns, String name) {
    return new QueueItem(ITEMS, ObjectKey.of(ns, name));
  }

  @Test
  void routesEveryEventAsOneItemPerKeyToTheTypesQueue() throws InterruptedException {
    PriorityWorkQueue<QueueItem> queue = queues.register(ITEMS, 0);
    source.put(Item.of("a", "x", "1"));
    factory.informerFor(Item.class, InformerOptions.defaults());
    factory.start();
    assertThat(factory.waitForCacheSync(Duration.ofSeconds(5)).allSynced()).isTrue();
    await().until(() -> source.watches().size() == 1);
    source.lastWatch().send(WatchEvent.modified(Item.of("a", "x", "2")));
    source.lastWatch().send(WatchEvent.added(Item.of("a", "y", "3")));
    source.lastWatch().send(WatchEvent.deleted(Item.of("a", "y", "4")));
    await().until(() -> factory.registered().get(ITEMS).eventsReceived() == 4);
    assertThat(drain(queue)).containsExactlyInAnyOrder(item("a", "x"), item("a", "y"));
    assertThat(drain(queues.defaultQueue())).isEmpty();
  }

  @Test
  void aTypeWithoutItsOwnQueueGoesToTheDefaultQueue() throws InterruptedException {
    source.put(Item.of("a", "x", "1"));
    factory.informerFor(Item.class, InformerOptions.defaults());
    factory.start();
    assertThat(factory.waitForCacheSync(Duration.ofSeconds(5)).allSynced()).isTrue();
    assertThat(drain(queues.defaultQueue())).containsExactly(item("a", "x"));
  }

  @Test
  void aDeleteSeenOnlyThroughARelistIsRouted() throws InterruptedException {
    PriorityWorkQueue<QueueItem> queue = queues.register(ITEMS, 0);
    source.put(Item.of("a", "gone", "1"));
    factory.informerFor(Item.class, InformerOptions.defaults());
    factory.start();
    assertThat(factory.waitForCacheSync(Duration.ofSeconds(5)).allSynced()).isTrue();
    await().until(() -> source.watches().size() == 1);
    assertThat(drain(queue)).containsExactly(item("a", "gone"));
    source.remove("a/gone");
    source.lastWatch().end(new ExpiredException("gone"));
    clock.advance(Duration.ofSeconds(30));
    await().until(() -> factory.registered().get(ITEMS).eventsReceived() == 2);
    assertThat(drain(queue)).containsExactly(item("a", "gone"));
  }

  @Test
  void aSingleExactAllowedNamespaceScopesTheListAndWatch() throws InterruptedException {
    factory.informerFor(Item.class, InformerOptions.builder().namespaceFilter(NamespaceFilter.allowing("prod")).build());
    factory.start();
    assertThat(factory.waitForCacheSync(Duration.ofSeconds(5)).allSynced()).isTrue();
    await().until(() -> source.watches().size() == 1);
    assertThat(source.lists()).allSatisfy(r -> assertThat(r.selection().namespace()).isEqualTo("prod"));
    assertThat(source.lastWatch().request.selection().namespace()).isEqualTo("prod");
    assertThat(factory.registered().get(ITEMS).tier()).isEqualTo(1);
  }

  @Test
  void tierTwoDropsDisallowedNamespacesBeforeAnyQueueAndCountsThemByReason() throws InterruptedException {
    PriorityWorkQueue<QueueItem> queue = queues.register(ITEMS, 0);
    factory.informerFor(Item.class, InformerOptions.builder()
        .namespaceFilter(NamespaceFilter.of(List.of("team-*"), List.of("team-secret"))).build());
    factory.start();
    await().until(() -> source.watches().size() == 1);
    assertThat(source.lastWatch().request.selection().namespace()).isNull();
    source.lastWatch().send(WatchEvent.added(Item.of("team-a", "x", "2")));
    source.lastWatch().send(WatchEvent.added(Item.of("team-secret", "y", "3")));
    source.lastWatch().send(WatchEvent.added(Item.of("other", "z", "4")));
    source.lastWatch().send(WatchEvent.added(Item.of("", "no-ns", "5")));
    await().until(() -> factory.registered().get(ITEMS).eventsReceived() == 4);
    assertThat(drain(queue)).containsExactly(item("team-a", "x"));
    InformerEntry entry = factory.registered().get(ITEMS);
    assertThat(entry.droppedByFilter()).containsEntry("restricted", 1L).containsEntry("not-allowed", 1L)
        .containsEntry("no-namespace", 1L);
    assertThat(entry.tier()).isEqualTo(2);
  }

  @Test
  void namespaceRulesForAClusterScopedTypeAreRejected() {
    types.register(ITEMS, Scope.CLUSTER);
    assertThatThrownBy(() -> factory.informerFor(Item.class,
        InformerOptions.builder().namespaceFilter(NamespaceFilter.allowing("prod")).build()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cluster-scoped");
    assertThat(factory.registered()).isEmpty();
  }

  @Test
  void aMissingTypeIsNotRunNorWaitedForAndActivatesWhenItAppears() throws InterruptedException {
    source.setInstalled(false);
    SharedIndexInformer<Item> informer = factory.informerFor(Item.class, InformerOptions.builder().name("Item").build());
    assertThat(factory.isMissing(ITEMS)).isTrue();
    factory.start();
    assertThat(factory.waitForCacheSync(Duration.ofMillis(10)).synced()).isEmpty();
    assertThat(informer.state().name()).isEqualTo("NEW");
    assertThat(factory.status()).isEqualTo("Item(not synced)");
    source.setInstalled(true);
    await().until(() -> advanced(Duration.ofSeconds(10)) && !factory.isMissing(ITEMS));
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    assertThat(factory.status()).isEqualTo("Item(synced)");
  }

  @Test
  void aTypeThatVanishesAtRuntimeGoesBackToMissing() throws InterruptedException {
    factory.informerFor(Item.class, InformerOptions.defaults());
    factory.start();
    assertThat(factory.waitForCacheSync(Duration.ofSeconds(5)).allSynced()).isTrue();
    await().until(() -> source.watches().size() == 1);
    source.setInstalled(false);
    source.lastWatch().end(new ExpiredException("gone"));
    await().until(() -> advanced(Duration.ofSeconds(2)) && factory.isMissing(ITEMS));
    assertThat(factory.missing()).containsOnlyKeys(ITEMS);
  }

  @Test
  void lifecycleMisusesAreClearErrors() throws InterruptedException {
    factory.start();
    assertThatThrownBy(factory::start).isInstanceOf(IllegalStateException.class).hasMessage("factory already started");
    assertThat(factory.isReady()).isTrue();
    assertThat(factory.shutdown(Duration.ofSeconds(5))).isTrue();
    assertThat(factory.shutdown(Duration.ofSeconds(5))).isTrue();
    assertThat(factory.isReady()).isFalse();
    assertThatThrownBy(factory::start).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("factory has been shut down and cannot be restarted");
    assertThatThrownBy(() -> factory.informerFor(Item.class, InformerOptions.defaults()))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> factory.setMissingOnStartup(Set.of(ITEMS))).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void theFirstRegistrationWinsAndALaterDifferentOneIsReported() {
    SharedIndexInformer<Item> first = factory.informerFor(Item.class, InformerOptions.builder().name("first").build());
    SharedIndexInformer<Item> second = factory.informerFor(Item.class, InformerOptions.builder().name("second").build());
    assertThat(second).isSameAs(first);
    assertThat(factory.registered().get(ITEMS).name()).isEqualTo("first");
    assertThat(factory.registered().get(ITEMS).conflicts()).hasSize(1);
    assertThat(factory.statuses().get(0).conflicts()).hasSize(1);
  }

  @Test
  void waitingWithNothingToWaitForSucceedsAtOnce() throws InterruptedException {
    factory.start();
    assertThat(factory.waitForCacheSync(Duration.ZERO).allSynced()).isTrue();
  }

  @Test
  void missingTypeChecksDefaultToTheSeedsCorrectedTiming() {
    assertThat(MissingTypeChecks.DEFAULT.interval()).isEqualTo(Duration.ofSeconds(90));
    assertThat(MissingTypeChecks.DEFAULT.initialBackoff()).isEqualTo(Duration.ofSeconds(5));
    assertThat(MissingTypeChecks.DEFAULT.factor()).isEqualTo(2.0);
    assertThat(MissingTypeChecks.DEFAULT.maxBackoff()).isEqualTo(Duration.ofMinutes(5));
  }

  /** Advances the manual clock (running the timers it makes due); returns true, for use in conditions. */
  private boolean advanced(Duration step) {
    clock.advance(step);
    return true;
  }
}

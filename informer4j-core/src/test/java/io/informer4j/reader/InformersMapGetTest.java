package io.informer4j.reader;

import static io.informer4j.reader.ReaderFixture.DEPLOYMENTS;
import static io.informer4j.reader.ReaderFixture.ITEMS;
import static io.informer4j.reader.ReaderFixture.NODES;
import static io.informer4j.reader.ReaderFixture.PODS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.informer.InformerState;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.UnknownTypeException;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.Item;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Lazy creation, blocking until synced, races, failing factories, scope per type and representations. */
class InformersMapGetTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  private final ReaderFixture fixture = new ReaderFixture();
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private InformersMap map;

  @AfterEach
  void tearDown() throws InterruptedException {
    threads.shutdownNow();
    if (map != null) {
      map.stop(WAIT);
    }
    fixture.close();
  }

  @Test
  void getBeforeStartRegistersWithoutBlockingAndStartStartsIt() {
    GatedSource<Item> slow = new GatedSource<>(fixture.source(PODS, ""));
    map = fixture.map((type, ns, registry, rep) -> slow).build();

    MapLookup<Item> lookup = map.get(PODS, ITEMS, Duration.ZERO);

    assertThat(lookup.started()).isFalse();
    assertThat(lookup.entry().informer().state()).isEqualTo(InformerState.NEW);
    assertThat(lookup.entry().informer().indexer().size()).isZero();
    assertThat(map.find(PODS, ITEMS)).contains(lookup.entry());
    map.start();
    assertThat(lookup.entry().informer().state()).isNotEqualTo(InformerState.NEW);
    slow.open();
    assertThat(map.waitForCacheSync(WAIT)).isTrue();
  }

  @Test
  void getAfterStartBlocksUntilSyncedAndAShortDeadlineIsATimeoutNotANotFound() throws Exception {
    FakeSource pods = fixture.source(PODS, "");
    pods.put(Item.of("a", "x", "1"));
    GatedSource<Item> slow = new GatedSource<>(pods);
    map = fixture.map((type, ns, registry, rep) -> slow).build();
    map.start();

    assertThatThrownBy(() -> map.get(PODS, ITEMS, Duration.ofMillis(50)))
        .isInstanceOf(CacheTimeoutException.class)
        .isNotInstanceOf(NotFoundException.class)
        .hasMessage("Timeout: failed waiting for /v1, Kind=Pod " + ITEMS + " Informer to sync");

    Future<MapLookup<Item>> blocked = threads.submit(() -> map.get(PODS, ITEMS, WAIT));
    assertThat(slow.listing.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(blocked).isNotDone();
    slow.open();
    MapLookup<Item> lookup = blocked.get(10, TimeUnit.SECONDS);
    assertThat(lookup.started()).isTrue();
    assertThat(lookup.entry().informer().hasSynced()).isTrue();
    assertThat(lookup.entry().reader().get(ObjectKey.of("a", "x")).name()).isEqualTo("x");
  }

  @Test
  void getWithoutBlockingReturnsAnUnsyncedEntryAtOnce() {
    GatedSource<Item> slow = new GatedSource<>(fixture.source(PODS, ""));
    map = fixture.map((type, ns, registry, rep) -> slow).build();
    map.start();

    MapLookup<Item> lookup = map.get(PODS, ITEMS, false, Duration.ZERO);

    assertThat(lookup.started()).isTrue();
    assertThat(lookup.entry().informer().hasSynced()).isFalse();
    slow.open();
  }

  @Test
  void twoThreadsRacingGetShareOneInformerAndOneFactoryCall() throws Exception {
    BlockingFactory factory = new BlockingFactory(type -> true, fixture.factory());
    map = fixture.map(factory).build();
    map.start();

    Future<MapLookup<Item>> first = threads.submit(() -> map.get(PODS, ITEMS, WAIT));
    assertThat(factory.awaitEntered()).isTrue();
    Future<MapLookup<Item>> second = threads.submit(() -> map.get(PODS, ITEMS, WAIT));
    await().until(() -> ReaderFixture.someThreadWaitsIn("awaitCreation"));
    factory.release();

    assertThat(first.get(10, TimeUnit.SECONDS).entry()).isSameAs(second.get(10, TimeUnit.SECONDS).entry());
    assertThat(factory.calls).hasValue(1);
    assertThat(map.entries()).hasSize(1);
  }

  @Test
  void aSlowFactoryForOneTypeDoesNotBlockAnotherType() throws Exception {
    BlockingFactory factory = new BlockingFactory(DEPLOYMENTS::equals, fixture.factory());
    map = fixture.map(factory).build();
    map.start();

    Future<MapLookup<Item>> deployments = threads.submit(() -> map.get(DEPLOYMENTS, ITEMS, WAIT));
    assertThat(factory.awaitEntered()).isTrue();
    assertThat(map.get(PODS, ITEMS, WAIT).entry().informer().hasSynced()).isTrue();
    assertThat(deployments).isNotDone();
    factory.release();
    assertThat(deployments.get(10, TimeUnit.SECONDS).started()).isTrue();
  }

  @Test
  void aFailingFactoryRegistersNothingAndALaterGetTriesAgain() {
    AtomicInteger calls = new AtomicInteger();
    map = fixture.map((type, ns, registry, rep) -> {
      if (calls.incrementAndGet() == 1) {
        throw new IllegalStateException("backend unreachable");
      }
      return fixture.source(type, ns);
    }).build();

    assertThatThrownBy(() -> map.get(PODS, ITEMS, WAIT)).hasMessage("backend unreachable");
    assertThat(map.find(PODS, ITEMS)).isEmpty();
    assertThat(map.entries()).isEmpty();

    assertThat(map.get(PODS, ITEMS, WAIT).entry()).isNotNull();
    assertThat(calls).hasValue(2);
  }

  @Test
  void aFactoryReturningNullIsAClearErrorAndRegistersNothing() {
    map = fixture.map((type, ns, registry, rep) -> null).build();
    assertThatThrownBy(() -> map.get(PODS, ITEMS, WAIT))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("factory returned null for /v1, Kind=Pod");
    assertThat(map.entries()).isEmpty();
  }

  @Test
  void racingCallersOfAFailingFactoryAllSeeTheError() throws Exception {
    BlockingFactory factory = new BlockingFactory(type -> true, (type, ns, registry, rep) -> {
      throw new IllegalStateException("no such API");
    });
    map = fixture.map(factory).build();

    Future<MapLookup<Item>> first = threads.submit(() -> map.get(PODS, ITEMS, WAIT));
    assertThat(factory.awaitEntered()).isTrue();
    Future<MapLookup<Item>> second = threads.submit(() -> map.get(PODS, ITEMS, WAIT));
    await().until(() -> ReaderFixture.someThreadWaitsIn("awaitCreation"));
    factory.release();

    assertThatThrownBy(() -> first.get(10, TimeUnit.SECONDS)).hasRootCauseMessage("no such API");
    assertThatThrownBy(() -> second.get(10, TimeUnit.SECONDS)).hasRootCauseMessage("no such API");
    assertThat(factory.calls).hasValue(1);
    assertThat(map.entries()).isEmpty();
  }

  @Test
  void waitingForAnotherCallersCreationHonoursTheDeadline() throws Exception {
    BlockingFactory factory = new BlockingFactory(type -> true, fixture.factory());
    map = fixture.map(factory).build();

    Future<MapLookup<Item>> creator = threads.submit(() -> map.get(PODS, ITEMS, WAIT));
    assertThat(factory.awaitEntered()).isTrue();
    assertThatThrownBy(() -> map.get(PODS, ITEMS, Duration.ofMillis(20)))
        .isInstanceOf(CacheTimeoutException.class)
        .hasMessageContaining("to be created");
    factory.release();
    assertThat(creator.get(10, TimeUnit.SECONDS).entry()).isNotNull();
  }

  @Test
  void scopeIsPerTypeInAnAllNamespacesMap() {
    fixture.source(PODS, "").put(Item.of("a", "x", "1"));
    fixture.source(NODES, "").put(Item.of("", "node-1", "1"));
    map = fixture.map().build();
    map.start();

    assertThat(map.namespace()).isEmpty();
    assertThat(map.get(PODS, ITEMS, WAIT).entry().reader().get(ObjectKey.of("a", "x")).key()).isEqualTo("a/x");
    MapEntry<Item> nodes = map.get(NODES, ITEMS, WAIT).entry();
    assertThat(nodes.reader().get(ObjectKey.of("a", "node-1")).key()).isEqualTo("node-1");
    assertThat(nodes.scope()).isEqualTo(io.informer4j.meta.Scope.CLUSTER);
  }

  @Test
  void aClusterScopedTypeInANamespacedMapIsWatchedClusterWide() {
    map = fixture.map().namespace("team-a").build();
    assertThat(map.get(NODES, ITEMS, WAIT).entry().namespace()).isEmpty();
    assertThat(map.get(PODS, ITEMS, WAIT).entry().namespace()).isEqualTo("team-a");
    assertThat(fixture.factoryCalls).containsExactly("/v1, Kind=Node||Item", "/v1, Kind=Pod|team-a|Item");
  }

  @Test
  void twoRepresentationsOfOneTypeGetTheirOwnInformers() {
    Representation<Item> metadata = Representation.of("metadata", Item.class, Item.ADAPTER);
    fixture.source(PODS, "").put(Item.of("a", "x", "1"));
    map = fixture.map().build();
    map.start();

    MapEntry<Item> typed = map.get(PODS, ITEMS, WAIT).entry();
    MapEntry<Item> other = map.get(PODS, metadata, WAIT).entry();

    assertThat(typed.informer()).isNotSameAs(other.informer());
    assertThat(fixture.factoryCalls).containsExactly("/v1, Kind=Pod||Item", "/v1, Kind=Pod||metadata");
    assertThat(other.reader().get(ObjectKey.of("a", "x")).name()).isEqualTo("x");
    assertThat(map.entries()).hasSize(2);
    assertThat(map.find(PODS, metadata)).contains(other);
  }

  @Test
  void aRepresentationRegisteredForAnotherTypeIsATypeMismatchNamingBoth() {
    fixture.registry.register(PODS, io.informer4j.meta.Scope.NAMESPACED, Item.class);
    map = fixture.map().build();

    assertThatThrownBy(() -> map.get(DEPLOYMENTS, ITEMS, WAIT))
        .isInstanceOf(TypeMismatchException.class)
        .hasMessageContaining("apps/v1, Kind=Deployment")
        .hasMessageContaining("/v1, Kind=Pod");
    assertThat(map.get(ITEMS, WAIT).entry().type()).isEqualTo(PODS);
    assertThat(fixture.factoryCalls).containsExactly("/v1, Kind=Pod||Item");
  }

  @Test
  void anUnknownTypeIsRejectedAndRegistersNothing() {
    map = fixture.map().build();
    TypeKey secrets = TypeKey.of("", "v1", "Secret");
    assertThatThrownBy(() -> map.get(secrets, ITEMS, WAIT))
        .isInstanceOf(UnknownTypeException.class)
        .hasMessageContaining("/v1, Kind=Secret");
    assertThatThrownBy(() -> map.get(Representation.of(String.class, ObjectAdapter.builder((String s) -> "", s -> s).build()), WAIT))
        .isInstanceOf(UnknownTypeException.class)
        .hasMessageContaining("java.lang.String");
    assertThat(map.entries()).isEmpty();
    assertThat(fixture.factoryCalls).isEmpty();
  }

  @Test
  void anInterruptedWaitIsATimeoutAndKeepsTheInterruptFlag() throws Exception {
    GatedSource<Item> slow = new GatedSource<>(fixture.source(PODS, ""));
    map = fixture.map((type, ns, registry, rep) -> slow).build();
    map.start();
    CompletableFuture<String> outcome = new CompletableFuture<>();
    Thread waiter = new Thread(() -> {
      try {
        map.get(PODS, ITEMS, WAIT);
        outcome.complete("returned");
      } catch (CacheTimeoutException e) {
        outcome.complete("timeout, interrupted=" + Thread.currentThread().isInterrupted()
            + ", cause=" + e.getCause().getClass().getSimpleName());
      }
    });
    waiter.start();
    await().until(() -> waiter.getState() == Thread.State.TIMED_WAITING);
    waiter.interrupt();
    assertThat(outcome.get(10, TimeUnit.SECONDS)).isEqualTo("timeout, interrupted=true, cause=InterruptedException");
    slow.open();
  }
}

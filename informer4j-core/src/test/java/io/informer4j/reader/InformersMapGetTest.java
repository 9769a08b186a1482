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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
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
    map = InformersMap.builder(fixture.registry, (type, ns, registry, rep) -> slow).runtime(fixture.runtime).build();

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
    map = InformersMap.builder(fixture.registry, (type, ns, registry, rep) -> slow).runtime(fixture.runtime).build();
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
    map = InformersMap.builder(fixture.registry, (type, ns, registry, rep) -> slow).runtime(fixture.runtime).build();
    map.start();

    MapLookup<Item> lookup = map.get(PODS, ITEMS, false, Duration.ZERO);

    assertThat(lookup.started()).isTrue();
    assertThat(lookup.entry().informer().hasSynced()).isFalse();
    slow.open();
  }

  @Test
  void twoThreadsRacingGetShareOneInformerAndOneFactoryCall() throws Exception {
    AtomicInteger calls = new AtomicInteger();
    CountDownLatch factoryEntered = new CountDownLatch(1);
    CountDownLatch releaseFactory = new CountDownLatch(1);
    map = InformersMap.builder(fixture.registry, (type, ns, registry, rep) -> {
      calls.incrementAndGet();
      factoryEntered.countDown();
      awaitLatch(releaseFactory);
      return fixture.source(type, ns);
    }).runtime(fixture.runtime).build();
    map.start();

    Future<MapLookup<Item>> first = threads.submit(() -> map.get(PODS, ITEMS, WAIT));
    assertThat(factoryEntered.await(10, TimeUnit.SECONDS)).isTrue();
    Future<MapLookup<Item>> second = threads.submit(() -> map.get(PODS, ITEMS, WAIT));
    releaseFactory.countDown();

    assertThat(first.get(10, TimeUnit.SECONDS).entry()).isSameAs(second.get(10, TimeUnit.SECONDS).entry());
    assertThat(calls).hasValue(1);
    assertThat(map.entries()).hasSize(1);
  }

  @Test
  void aSlowFactoryForOneTypeDoesNotBlockAnotherType() throws Exception {
    CountDownLatch releaseDeployments = new CountDownLatch(1);
    CountDownLatch deploymentsEntered = new CountDownLatch(1);
    map = InformersMap.builder(fixture.registry, (type, ns, registry, rep) -> {
      if (type.equals(DEPLOYMENTS)) {
        deploymentsEntered.countDown();
        awaitLatch(releaseDeployments);
      }
      return fixture.source(type, ns);
    }).runtime(fixture.runtime).build();
    map.start();

    Future<MapLookup<Item>> deployments = threads.submit(() -> map.get(DEPLOYMENTS, ITEMS, WAIT));
    assertThat(deploymentsEntered.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(map.get(PODS, ITEMS, WAIT).entry().informer().hasSynced()).isTrue();
    assertThat(deployments).isNotDone();
    releaseDeployments.countDown();
    assertThat(deployments.get(10, TimeUnit.SECONDS).started()).isTrue();
  }

  @Test
  void aFailingFactoryRegistersNothingAndALaterGetTriesAgain() {
    AtomicInteger calls = new AtomicInteger();
    map = InformersMap.builder(fixture.registry, (type, ns, registry, rep) -> {
      if (calls.incrementAndGet() == 1) {
        throw new IllegalStateException("backend unreachable");
      }
      return fixture.source(type, ns);
    }).runtime(fixture.runtime).build();

    assertThatThrownBy(() -> map.get(PODS, ITEMS, WAIT)).hasMessage("backend unreachable");
    assertThat(map.find(PODS, ITEMS)).isEmpty();
    assertThat(map.entries()).isEmpty();

    assertThat(map.get(PODS, ITEMS, WAIT).entry()).isNotNull();
    assertThat(calls).hasValue(2);
  }

  @Test
  void aFactoryReturningNullIsAClearErrorAndRegistersNothing() {
    map = InformersMap.builder(fixture.registry, (type, ns, registry, rep) -> null).runtime(fixture.runtime).build();
    assertThatThrownBy(() -> map.get(PODS, ITEMS, WAIT))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("factory returned null for /v1, Kind=Pod");
    assertThat(map.entries()).isEmpty();
  }

  @Test
  void racingCallersOfAFailingFactoryAllSeeTheError() throws Exception {
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    map = InformersMap.builder(fixture.registry, (type, ns, registry, rep) -> {
      entered.countDown();
      awaitLatch(release);
      throw new IllegalStateException("no such API");
    }).runtime(fixture.runtime).build();

    Future<MapLookup<Item>> first = threads.submit(() -> map.get(PODS, ITEMS, WAIT));
    assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
    CompletableFuture<Throwable> second = CompletableFuture.supplyAsync(() -> {
      try {
        map.get(PODS, ITEMS, WAIT);
        return null;
      } catch (RuntimeException e) {
        return e;
      }
    }, threads);
    release.countDown();

    assertThatThrownBy(() -> first.get(10, TimeUnit.SECONDS)).hasRootCauseMessage("no such API");
    assertThat(second.get(10, TimeUnit.SECONDS)).hasMessage("no such API");
    assertThat(map.entries()).isEmpty();
  }

  @Test
  void waitingForAnotherCallersCreationHonoursTheDeadline() throws Exception {
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    map = InformersMap.builder(fixture.registry, (type, ns, registry, rep) -> {
      entered.countDown();
      awaitLatch(release);
      return fixture.source(type, ns);
    }).runtime(fixture.runtime).build();

    Future<MapLookup<Item>> creator = threads.submit(() -> map.get(PODS, ITEMS, WAIT));
    assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
    assertThatThrownBy(() -> map.get(PODS, ITEMS, Duration.ofMillis(20)))
        .isInstanceOf(CacheTimeoutException.class)
        .hasMessageContaining("to be created");
    release.countDown();
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
  void typedAndDynamicRepresentationsOfOneTypeGetTheirOwnInformers() {
    record Row(String namespace, String name) {
    }
    Representation<Row> rows = Representation.of("dynamic", Row.class,
        ObjectAdapter.builder(Row::namespace, Row::name).build());
    FakeSource pods = fixture.source(PODS, "");
    pods.put(Item.of("a", "x", "1"));
    List<String> calls = new ArrayList<>();
    map = InformersMap.builder(fixture.registry, (type, ns, registry, rep) -> {
      calls.add(rep.name());
      return rep.equals(rows) ? new MappedSource<>(pods, item -> new Row(item.namespace(), item.name())) : pods;
    }).runtime(fixture.runtime).build();
    map.start();

    MapEntry<Item> typed = map.get(PODS, ITEMS, WAIT).entry();
    MapEntry<Row> dynamic = map.get(PODS, rows, WAIT).entry();

    assertThat(typed.informer()).isNotSameAs(dynamic.informer());
    assertThat(calls).containsExactly("Item", "dynamic");
    assertThat(typed.reader().get(ObjectKey.of("a", "x"))).isInstanceOf(Item.class);
    assertThat(dynamic.reader().get(ObjectKey.of("a", "x"))).isEqualTo(new Row("a", "x"));
    assertThat(map.entries()).hasSize(2);
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
    map = InformersMap.builder(fixture.registry, (type, ns, registry, rep) -> slow).runtime(fixture.runtime).build();
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

  private static void awaitLatch(CountDownLatch latch) {
    try {
      if (!latch.await(10, TimeUnit.SECONDS)) {
        throw new IllegalStateException("latch not released");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}

package io.informer4j.factory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.controller.EnqueueEvent;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.reader.CacheConfig;
import io.informer4j.reader.CacheOptions;
import io.informer4j.source.WatchEvent;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.Item;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The factory's resync rule: none by default, as in client-go; a type's own {@code resyncPeriod}
 * wins over the informers' default (the map's cache options), and zero turns it off.
 */
class FactoryResyncTest {

  private static final ObjectType<Item> OWN_PERIOD =
      ObjectType.of(TypeKey.of("example.io", "v1", "OwnPeriod"), Item.class, Item.ADAPTER);
  private static final ObjectType<Item> FACTORY_DEFAULT =
      ObjectType.of(TypeKey.of("example.io", "v1", "FactoryDefault"), Item.class, Item.ADAPTER);
  private static final Duration TEN_MINUTES = Duration.ofMinutes(10);

  private final FactoryFixture fixture = new FactoryFixture();
  private final List<FakeSource> sources = List.of(fixture.backend.source(OWN_PERIOD), fixture.backend.source(FACTORY_DEFAULT));
  private final List<EnqueueEvent> events = new CopyOnWriteArrayList<>();
  private SharedInformerFactory factory;

  FactoryResyncTest() {
    fixture.backend.register(OWN_PERIOD.key(), Scope.NAMESPACED).register(FACTORY_DEFAULT.key(), Scope.NAMESPACED);
  }

  @AfterEach
  void tearDown() throws InterruptedException {
    if (factory != null) {
      factory.stop(Duration.ofSeconds(5));
    }
    fixture.close();
  }

  private void register(ObjectType<Item> type, InformerOptions.Builder options) {
    factory.informerFor(type, options.eventHook(events::add).build());
  }

  /**
   * Starts the factory with one object per type, moves the clock 61 minutes on, then changes each
   * object once. The informer delivers in order, so once that change arrived every resync due
   * during the hour has arrived before it.
   */
  private void runPastAnHour() throws InterruptedException {
    sources.forEach(source -> source.put(Item.of("a", "x", "1")));
    factory.start();
    assertThat(factory.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    await().until(() -> sources.stream().allMatch(source -> source.watches().size() == 1));
    fixture.clock.advance(Duration.ofMinutes(61));
    sources.forEach(source -> source.lastWatch().send(WatchEvent.modified(Item.of("a", "x", "2"))));
    await().until(() -> count(OWN_PERIOD, EnqueueEvent.Kind.UPDATED) == 1
        && count(FACTORY_DEFAULT, EnqueueEvent.Kind.UPDATED) == 1);
  }

  private long count(ObjectType<Item> type, EnqueueEvent.Kind kind) {
    return events.stream().filter(event -> event.type().equals(type.key()) && event.kind() == kind).count();
  }

  private long eventsReceived(ObjectType<Item> type) {
    return FactoryFixture.status(factory, type.key()).eventsReceived();
  }

  /** The informers' default of ten minutes, drawn without jitter when the map's random source gives 0.5. */
  private static CacheOptions tenMinutesByDefault() {
    return CacheOptions.builder().defaults(CacheConfig.empty().withResyncPeriod(TEN_MINUTES)).build();
  }

  private Duration resyncPeriod(ObjectType<Item> type) {
    return factory.registered().get(type.key()).resyncPeriod();
  }

  @Test
  void aFactoryBuiltWithDefaultsNeverRedeliversButATypesOwnPeriodDoes() throws InterruptedException {
    factory = fixture.factory().build();
    register(OWN_PERIOD, InformerOptions.builder().resyncPeriod(TEN_MINUTES));
    register(FACTORY_DEFAULT, InformerOptions.builder());

    runPastAnHour();

    assertThat(count(FACTORY_DEFAULT, EnqueueEvent.Kind.RESYNCED)).isZero();
    assertThat(eventsReceived(FACTORY_DEFAULT)).as("the initial add and the change").isEqualTo(2);
    assertThat(resyncPeriod(FACTORY_DEFAULT)).isZero();
    assertThat(count(OWN_PERIOD, EnqueueEvent.Kind.RESYNCED)).as("one resync every ten minutes").isEqualTo(6);
    assertThat(resyncPeriod(OWN_PERIOD)).isEqualTo(TEN_MINUTES);
  }

  @Test
  void aTypesZeroPeriodTurnsTheInformersDefaultOff() throws InterruptedException {
    factory = SharedInformerFactory.builder(fixture.map().options(tenMinutesByDefault()).random(() -> 0.5).build(),
        fixture.queues).build();
    register(OWN_PERIOD, InformerOptions.builder().resyncPeriod(Duration.ZERO));
    register(FACTORY_DEFAULT, InformerOptions.builder());

    runPastAnHour();

    assertThat(count(OWN_PERIOD, EnqueueEvent.Kind.RESYNCED)).isZero();
    assertThat(eventsReceived(OWN_PERIOD)).as("the initial add and the change").isEqualTo(2);
    assertThat(count(FACTORY_DEFAULT, EnqueueEvent.Kind.RESYNCED)).as("one resync every ten minutes").isEqualTo(6);
    assertThat(resyncPeriod(FACTORY_DEFAULT)).isEqualTo(TEN_MINUTES);
  }

  @Test
  void aNegativePeriodIsRejected() {
    assertThatThrownBy(() -> InformerOptions.builder().resyncPeriod(Duration.ofSeconds(-1)).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("resyncPeriod");
    assertThatThrownBy(() -> CacheConfig.empty().withResyncPeriod(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("resync period").hasMessageContaining("PT-1S");
  }
}

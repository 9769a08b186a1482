package io.informer4j.factory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.Scope;
import io.informer4j.meta.SimpleTypeRegistry;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.QueueRegistry;
import io.informer4j.source.WatchEvent;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.Item;
import io.informer4j.time.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The factory's resync rule: none by default, as in client-go; a type's own {@code resyncPeriod}
 * wins over the factory's default, and zero turns it off.
 */
class FactoryResyncTest {

  private static final TypeKey OWN_PERIOD = TypeKey.of("example.io", "v1", "OwnPeriod");
  private static final TypeKey FACTORY_DEFAULT = TypeKey.of("example.io", "v1", "FactoryDefault");
  private static final Duration TEN_MINUTES = Duration.ofMinutes(10);

  private final Map<TypeKey, FakeSource> sources =
      Map.of(OWN_PERIOD, new FakeSource(), FACTORY_DEFAULT, new FakeSource());
  private final ManualClock clock = new ManualClock();
  private final InformerRuntime runtime = InformerRuntime.builder("resync-test").time(clock, clock).build();
  private final QueueRegistry queues = QueueRegistry.builder().clock(clock).scheduler(clock).build();
  private final SimpleTypeRegistry types = new SimpleTypeRegistry()
      .register(OWN_PERIOD, Scope.NAMESPACED).register(FACTORY_DEFAULT, Scope.NAMESPACED);
  private final ClientProvider clients = new ClientProvider() {
    @Override
    @SuppressWarnings("unchecked")
    public <T> GenericClient<T> clientFor(TypeKey type, Class<T> objectClass) {
      return (GenericClient<T>) new GenericClient<>(sources.get(type), Item.ADAPTER);
    }
  };
  private final List<FactoryEvent> events = new CopyOnWriteArrayList<>();
  private SharedInformerFactory factory;

  /** A factory whose watches outlive the test's hour: a watch timeout never interferes. */
  private FactoryBuilder factoryBuilder() {
    return SharedInformerFactory.builder(clients, types, queues).runtime(runtime).watchList(false)
        .minWatchTimeout(Duration.ofDays(1));
  }

  @AfterEach
  void tearDown() throws InterruptedException {
    if (factory != null) {
      factory.shutdown(Duration.ofSeconds(5));
    }
    queues.shutdownAll();
    runtime.close(Duration.ofSeconds(5));
  }

  private void register(TypeKey type, InformerOptions.Builder options) {
    factory.informerFor(type, Item.class, options.eventHook(events::add).build());
  }

  /**
   * Starts the factory with one object per type, moves the clock 61 minutes on, then changes each
   * object once. The informer delivers in order, so once that change arrived every resync due
   * during the hour has arrived before it.
   */
  private void runPastAnHour() throws InterruptedException {
    sources.values().forEach(source -> source.put(Item.of("a", "x", "1")));
    factory.start();
    assertThat(factory.waitForCacheSync(Duration.ofSeconds(5)).allSynced()).isTrue();
    await().until(() -> sources.values().stream().allMatch(source -> source.watches().size() == 1));
    clock.advance(Duration.ofMinutes(61));
    sources.values().forEach(source -> source.lastWatch().send(WatchEvent.modified(Item.of("a", "x", "2"))));
    await().until(() -> count(OWN_PERIOD, FactoryEvent.Kind.UPDATED) == 1
        && count(FACTORY_DEFAULT, FactoryEvent.Kind.UPDATED) == 1);
  }

  private long count(TypeKey type, FactoryEvent.Kind kind) {
    return events.stream().filter(event -> event.type().equals(type) && event.kind() == kind).count();
  }

  @Test
  void aFactoryBuiltWithDefaultsNeverRedeliversButATypesOwnPeriodDoes() throws InterruptedException {
    factory = factoryBuilder().build();
    register(OWN_PERIOD, InformerOptions.builder().resyncPeriod(TEN_MINUTES));
    register(FACTORY_DEFAULT, InformerOptions.builder());

    runPastAnHour();

    assertThat(count(FACTORY_DEFAULT, FactoryEvent.Kind.RESYNCED)).isZero();
    assertThat(factory.registered().get(FACTORY_DEFAULT).eventsReceived()).as("the initial add and the change")
        .isEqualTo(2);
    assertThat(factory.registered().get(FACTORY_DEFAULT).resyncPeriod()).isZero();
    assertThat(count(OWN_PERIOD, FactoryEvent.Kind.RESYNCED)).as("one resync every ten minutes").isEqualTo(6);
    assertThat(factory.registered().get(OWN_PERIOD).resyncPeriod()).isEqualTo(TEN_MINUTES);
  }

  @Test
  void aTypesZeroPeriodTurnsTheFactorysDefaultOff() throws InterruptedException {
    factory = factoryBuilder().defaultResyncPeriod(TEN_MINUTES).build();
    register(OWN_PERIOD, InformerOptions.builder().resyncPeriod(Duration.ZERO));
    register(FACTORY_DEFAULT, InformerOptions.builder());

    runPastAnHour();

    assertThat(count(OWN_PERIOD, FactoryEvent.Kind.RESYNCED)).isZero();
    assertThat(factory.registered().get(OWN_PERIOD).eventsReceived()).as("the initial add and the change").isEqualTo(2);
    assertThat(count(FACTORY_DEFAULT, FactoryEvent.Kind.RESYNCED)).as("one resync every ten minutes").isEqualTo(6);
    assertThat(factory.registered().get(FACTORY_DEFAULT).resyncPeriod()).isEqualTo(TEN_MINUTES);
  }

  @Test
  void aNegativePeriodIsRejected() {
    assertThatThrownBy(() -> InformerOptions.builder().resyncPeriod(Duration.ofSeconds(-1)).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("resyncPeriod");
    assertThatThrownBy(() -> factoryBuilder().defaultResyncPeriod(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("resyncPeriod");
  }
}

package io.informer4j.factory;

import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.QueueRegistry;
import io.informer4j.reader.InformersMap;
import io.informer4j.reader.MissingTypeChecks;
import io.informer4j.testing.FakeBackend;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.Item;
import io.informer4j.time.ManualClock;
import java.time.Duration;

/**
 * Shared informer factories over a {@link FakeBackend} that also serves {@link #ITEMS} (namespaced),
 * on a runtime and queues whose timers follow a {@link ManualClock}: listing rather than streaming,
 * watches that outlive any test, missing types checked every ten seconds of the manual clock.
 */
final class FactoryFixture implements AutoCloseable {

  static final ObjectType<Item> ITEMS = ObjectType.of(TypeKey.of("example.io", "v1", "Item"), Item.class, Item.ADAPTER);
  static final Duration CHECK_EVERY = Duration.ofSeconds(10);

  final ManualClock clock = new ManualClock();
  final InformerRuntime runtime = InformerRuntime.builder("factory-test").time(clock, clock).build();
  final QueueRegistry queues = QueueRegistry.builder().clock(clock).scheduler(clock).build();
  final FakeBackend backend = new FakeBackend().register(ITEMS.key(), Scope.NAMESPACED);

  /** Returns the source of {@link #ITEMS} in all namespaces. */
  FakeSource source() {
    return backend.source(ITEMS);
  }

  /** An informers map over the fixture's backend and runtime. */
  InformersMap.Builder map() {
    return InformersMap.builder(backend).runtime(runtime)
        .missingTypeChecks(MissingTypeChecks.every(CHECK_EVERY))
        .informerOptions(informer -> informer.watchList(false).minWatchTimeout(Duration.ofDays(1)));
  }

  /** A factory over a new {@link #map()}, routing to the fixture's queues. */
  SharedInformerFactory.Builder factory() {
    return SharedInformerFactory.builder(map().build(), queues);
  }

  /** Returns the factory's status of {@code type}. */
  static TypeStatus status(SharedInformerFactory factory, TypeKey type) {
    return factory.statuses().stream().filter(status -> status.type().equals(type)).findFirst()
        .orElseThrow(() -> new AssertionError(type + " is not registered"));
  }

  /** Advances the manual clock (running the timers it makes due); returns true, for use in conditions. */
  boolean advanced(Duration step) {
    clock.advance(step);
    return true;
  }

  @Override
  public void close() throws InterruptedException {
    queues.shutdownAll();
    runtime.stop(Duration.ofSeconds(5));
  }
}

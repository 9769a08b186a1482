package io.informer4j.benchmarks.factory;

import io.informer4j.benchmarks.informer.PrebuiltListerWatcher;
import io.informer4j.factory.InformerOptions;
import io.informer4j.controller.NamespaceFilter;
import io.informer4j.factory.SharedInformerFactory;
import io.informer4j.factory.TypeStatus;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.SimpleTypeRegistry;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.QueueRegistry;
import io.informer4j.reader.InformersMap;
import io.informer4j.source.Backend;
import io.informer4j.source.WatchEvent;
import io.informer4j.testkit.SimObject;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.IntStream;

/**
 * A {@link SharedInformerFactory} over {@code types} in-memory sources of {@link SimObject}s spread
 * over {@value #NAMESPACES} namespaces, each type with its own queue in the registry, started and
 * synced. The factory is wired as a user wires one: a {@link Backend} over a fixed type table, an
 * {@link InformersMap} over it on the rig's runtime, and the factory over the map and the queues. {@link #deliver} pushes MODIFIED events round-robin over the types (each with a new
 * resourceVersion) and returns once the factory routed every one of them: sent to its queue, or
 * dropped by the namespace filter. Nothing drains the queues, so each holds at most one item per
 * object (a queued key absorbs later adds, as in client-go).
 *
 * <p>Not thread-safe: one benchmark thread drives it.
 */
final class FactoryRig implements AutoCloseable {

  /** How many namespaces the objects are spread over. */
  static final int NAMESPACES = 10;
  private static final Duration SYNC_TIMEOUT = Duration.ofMinutes(2);

  private final List<TypeKey> types = new ArrayList<>();
  private final List<PrebuiltListerWatcher<SimObject>> sources = new ArrayList<>();
  private final Map<TypeKey, PrebuiltListerWatcher<SimObject>> sourceOf = new ConcurrentHashMap<>();
  private final List<SimObject[]> objects = new ArrayList<>();
  private final InformerRuntime runtime = InformerRuntime.create("bench-factory");
  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private final QueueRegistry queues = QueueRegistry.builder().meterRegistry(meters).build();
  private final SharedInformerFactory factory;
  private long pushed;
  private long nextVersion;

  /**
   * @param typeCount      how many types the factory serves
   * @param objectsPerType how many objects each type holds
   * @param restrictNine   whether nine of the ten namespaces are restricted (tier 2 drops 90 %)
   */
  FactoryRig(int typeCount, int objectsPerType, boolean restrictNine) throws InterruptedException {
    SimpleTypeRegistry registry = new SimpleTypeRegistry();
    Backend backend = Backend.of(registry, type -> sourceOf.get(type.key()));
    InformersMap map = InformersMap.builder(backend).runtime(runtime).build();
    factory = SharedInformerFactory.builder(map, queues).build();
    NamespaceFilter filter = restrictNine
        ? NamespaceFilter.restricting(IntStream.range(1, NAMESPACES).mapToObj(FactoryRig::namespace).toArray(String[]::new))
        : NamespaceFilter.none();
    nextVersion = objectsPerType + 1L;
    for (int t = 0; t < typeCount; t++) {
      TypeKey type = TypeKey.of("bench.informer4j.io", "v1", "Kind" + t);
      registry.register(type, Scope.NAMESPACED);
      queues.register(type);
      SimObject[] listed = new SimObject[objectsPerType];
      for (int i = 0; i < objectsPerType; i++) {
        SimObject object = SimObject.of(namespace(i % NAMESPACES), "object-" + i).withLabel("app", "bench");
        listed[i] = object.withResourceVersion(Integer.toString(i + 1));
      }
      PrebuiltListerWatcher<SimObject> source = new PrebuiltListerWatcher<>(List.of(listed),
          Integer.toString(objectsPerType));
      sourceOf.put(type, source);
      factory.informerFor(ObjectType.of(type, SimObject.class, SimObject.ADAPTER),
          InformerOptions.builder().name("kind-" + t).namespaceFilter(filter).build());
      types.add(type);
      sources.add(source);
      objects.add(listed);
    }
    factory.start();
    if (!factory.waitForCacheSync(SYNC_TIMEOUT)) {
      throw new IllegalStateException("the factory did not sync within " + SYNC_TIMEOUT);
    }
    for (PrebuiltListerWatcher<SimObject> source : sources) {
      source.watchOpened().join();
    }
    pushed = routed();
  }

  private static String namespace(int index) {
    return "ns-" + index;
  }

  /**
   * Pushes {@code events} MODIFIED events and waits until every one was routed.
   *
   * @throws TimeoutException if they were not routed within {@code timeout}
   */
  void deliver(int events, Duration timeout) throws TimeoutException {
    int typeCount = types.size();
    for (int e = 0; e < events; e++) {
      int t = e % typeCount;
      SimObject[] listed = objects.get(t);
      SimObject next = listed[(e / typeCount) % listed.length].withResourceVersion(Long.toString(nextVersion++));
      sources.get(t).push(WatchEvent.modified(next));
    }
    pushed += events;
    long deadline = System.nanoTime() + timeout.toNanos();
    while (routed() < pushed) {
      if (System.nanoTime() > deadline) {
        throw new TimeoutException("only " + routed() + " of " + pushed + " events routed within " + timeout);
      }
      LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(50));
    }
  }

  /** Events the factory handled so far: sent to a queue or dropped by the filter. */
  long routed() {
    return factory.statuses().stream().mapToLong(status -> status.enqueued() + status.droppedTotal()).sum();
  }

  /** A one-line account: events sent to queues, dropped by the filter, queue adds and depths. */
  String summary() {
    long enqueued = 0;
    long dropped = 0;
    for (TypeStatus status : factory.statuses()) {
      enqueued += status.enqueued();
      dropped += status.droppedTotal();
    }
    double adds = meters.find("workqueue_adds_total").counters().stream().mapToDouble(c -> c.count()).sum();
    long depth = types.stream().mapToLong(queues::depth).sum();
    return String.format("events sent to queues %d, dropped by the namespace filter %d, queue adds %.0f, queued %d",
        enqueued, dropped, adds, depth);
  }

  @Override
  public void close() throws InterruptedException {
    factory.stop(Duration.ofSeconds(30));
    queues.shutdownAll();
    runtime.stop(Duration.ofSeconds(30));
  }
}

package io.informer4j.reader;

import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.Scope;
import io.informer4j.meta.SimpleTypeRegistry;
import io.informer4j.meta.TypeKey;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.Item;
import io.informer4j.time.ManualClock;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Informers maps over {@link FakeSource}s (one per type and namespace, created on demand, listing
 * rather than streaming) on a runtime whose timers follow a {@link ManualClock}. Pods and
 * deployments are namespaced, nodes cluster-scoped.
 */
final class ReaderFixture implements AutoCloseable {

  static final TypeKey PODS = TypeKey.of("", "v1", "Pod");
  static final TypeKey DEPLOYMENTS = TypeKey.of("apps", "v1", "Deployment");
  static final TypeKey NODES = TypeKey.of("", "v1", "Node");

  /** Reads {@link Item}s; its deep copy is a new Item with its own label map. */
  static final ObjectAdapter<Item> COPYING_ADAPTER = ObjectAdapter.builder(Item::namespace, Item::name)
      .resourceVersion(Item::resourceVersion)
      .labels(Item::labels)
      .fields((item, path) -> path.equals("data") ? item.data() : null)
      .deepCopy(item -> new Item(item.namespace(), item.name(), item.resourceVersion(), new HashMap<>(item.labels()),
          item.data()))
      .build();

  static final Representation<Item> ITEMS = Representation.of(Item.class, COPYING_ADAPTER);

  final ManualClock clock = new ManualClock();
  final InformerRuntime runtime = InformerRuntime.builder("reader-test").time(clock, clock).build();
  final SimpleTypeRegistry registry = new SimpleTypeRegistry()
      .register(PODS, Scope.NAMESPACED)
      .register(DEPLOYMENTS, Scope.NAMESPACED)
      .register(NODES, Scope.CLUSTER);
  /** Every factory call as {@code "<type>|<namespace>|<representation name>"}. */
  final List<String> factoryCalls = new CopyOnWriteArrayList<>();
  private final Map<String, FakeSource> sources = new ConcurrentHashMap<>();

  /** Returns the source of {@code type} in {@code namespace} ({@code ""} for all). */
  FakeSource source(TypeKey type, String namespace) {
    return sources.computeIfAbsent(type + "|" + namespace, k -> {
      FakeSource source = new FakeSource();
      source.declareNoWatchList();
      return source;
    });
  }

  /** A factory serving {@link #source} and recording its calls. */
  ListWatcherFactory factory() {
    return (type, namespace, registry, representation) -> {
      factoryCalls.add(type + "|" + namespace + "|" + representation.name());
      return source(type, namespace);
    };
  }

  /** A map over {@link #factory()} on the fixture's runtime, with the jitter factor fixed at 1.0. */
  InformersMapBuilder map() {
    return map(factory());
  }

  /** A map over {@code factory} on the fixture's runtime, with the jitter factor fixed at 1.0. */
  InformersMapBuilder map(ListWatcherFactory factory) {
    return InformersMap.builder(registry, factory).runtime(runtime).random(() -> 0.5);
  }

  /** A cache over {@link #factory()} on the fixture's runtime. */
  InformerCache.Builder cache(CacheOptions options) {
    return InformerCache.builder(registry, factory()).options(options).runtime(runtime).random(() -> 0.5)
        .readTimeout(Duration.ofSeconds(10));
  }

  static Item item(String namespace, String name, Map<String, String> labels) {
    return new Item(namespace, name, "1", new HashMap<>(labels), "");
  }

  /** Returns true when some thread is parked with a timeout inside a method named {@code method}. */
  static boolean someThreadWaitsIn(String method) {
    return Thread.getAllStackTraces().entrySet().stream()
        .filter(e -> e.getKey().getState() == Thread.State.TIMED_WAITING)
        .anyMatch(e -> Arrays.stream(e.getValue()).anyMatch(frame -> frame.getMethodName().equals(method)));
  }

  @Override
  public void close() throws InterruptedException {
    runtime.close(Duration.ofSeconds(5));
  }
}

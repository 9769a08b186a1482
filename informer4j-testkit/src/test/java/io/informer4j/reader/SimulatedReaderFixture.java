package io.informer4j.reader;

import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.Scope;
import io.informer4j.meta.SimpleTypeRegistry;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.ListerWatcher;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;

/**
 * A {@link SimulatedApi} serving pods (namespaced) and nodes (cluster-scoped), a registry that knows
 * both, and a list-watch factory that serves {@link SimObject}s, or {@link MutablePod}s for the
 * {@link MutablePod#TYPED} representation, and records its calls.
 */
final class SimulatedReaderFixture implements AutoCloseable {

  static final TypeKey PODS = TypeKey.of("", "v1", "Pod");
  static final TypeKey NODES = TypeKey.of("", "v1", "Node");
  static final Representation<SimObject> DYNAMIC = Representation.of("dynamic", SimObject.class, SimObject.ADAPTER);

  final SimulatedApi api = SimulatedApi.builder().type(PODS, Scope.NAMESPACED).type(NODES, Scope.CLUSTER).build();
  final SimpleTypeRegistry registry = new SimpleTypeRegistry().register(PODS, Scope.NAMESPACED).register(NODES, Scope.CLUSTER);
  final InformerRuntime runtime = InformerRuntime.create("reader-acceptance");
  /** Every factory call as {@code "<type>|<namespace>|<representation>"}. */
  final List<String> factoryCalls = new CopyOnWriteArrayList<>();
  /** Wraps the sources the factory returns, by type; identity by default. */
  final Map<TypeKey, UnaryOperator<ListerWatcher<?>>> wrappers = new ConcurrentHashMap<>();

  ListWatcherFactory factory() {
    return (type, namespace, registry, representation) -> {
      factoryCalls.add(type + "|" + namespace + "|" + representation.name());
      ListerWatcher<SimObject> source = api.listerWatcher(type);
      ListerWatcher<?> served = representation.equals(MutablePod.TYPED)
          ? new MappedListerWatcher<>(source, MutablePod::from) : source;
      return wrappers.getOrDefault(type, UnaryOperator.identity()).apply(served);
    };
  }

  InformersMap map(String namespace) {
    return InformersMap.builder(registry, factory()).namespace(namespace).runtime(runtime).build();
  }

  InformerCache.Builder cache(CacheOptions options) {
    return InformerCache.builder(registry, factory()).options(options).runtime(runtime)
        .readTimeout(Duration.ofSeconds(10));
  }

  SimObject pod(String namespace, String name, String node, Map<String, String> labels) {
    return api.create(PODS, SimObject.of(namespace, name).withLabels(labels).withContentAt("spec.nodeName", node));
  }

  @Override
  public void close() throws InterruptedException {
    runtime.close(Duration.ofSeconds(10));
    api.close();
  }
}

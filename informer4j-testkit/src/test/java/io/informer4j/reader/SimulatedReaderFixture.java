package io.informer4j.reader;

import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.Backend;
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
 * A {@link SimulatedApi} serving pods (namespaced) and nodes (cluster-scoped), and a backend over it
 * that serves them as {@link SimObject}s ({@link #PODS}, {@link #NODES}, representation
 * {@code dynamic}) or pods as {@link MutablePod}s ({@link MutablePod#TYPED}), records every source it
 * builds, and lets a test wrap the sources of a type.
 */
final class SimulatedReaderFixture implements AutoCloseable {

  static final TypeKey POD = TypeKey.of("", "v1", "Pod");
  static final TypeKey NODE = TypeKey.of("", "v1", "Node");
  static final ObjectType<SimObject> PODS = ObjectType.of(POD, "dynamic", SimObject.class, SimObject.ADAPTER);
  static final ObjectType<SimObject> NODES = ObjectType.of(NODE, "dynamic", SimObject.class, SimObject.ADAPTER);

  final SimulatedApi api = SimulatedApi.builder().type(POD, Scope.NAMESPACED).type(NODE, Scope.CLUSTER).build();
  final InformerRuntime runtime = InformerRuntime.create("reader-acceptance");
  /** Every source the backend built, as {@code "<type> as <representation>"}. */
  final List<String> backendCalls = new CopyOnWriteArrayList<>();
  /** Wraps the sources the backend builds, by type; identity by default. */
  final Map<TypeKey, UnaryOperator<ListerWatcher<?>>> wrappers = new ConcurrentHashMap<>();

  /** The simulated API's types and presence, with sources built as described above. */
  Backend backend() {
    return Backend.of(api.types(), type -> {
      backendCalls.add(type.toString());
      ListerWatcher<SimObject> source = api.listerWatcher(type.key());
      ListerWatcher<?> served = type.equals(MutablePod.TYPED) ? new MappedListerWatcher<>(source, MutablePod::from) : source;
      return wrappers.getOrDefault(type.key(), UnaryOperator.identity()).apply(served);
    });
  }

  /** A map over {@link #backend()} whose {@code get} caches {@code namespace} ({@code ""}: all). */
  InformersMap map(String namespace) {
    return InformersMap.builder(backend()).namespace(namespace).runtime(runtime).build();
  }

  /** A map over {@link #backend()} with {@code options}, whose reads wait at most ten seconds for a sync. */
  InformersMap.Builder cache(CacheOptions options) {
    return InformersMap.builder(backend()).options(options).runtime(runtime).readTimeout(Duration.ofSeconds(10));
  }

  SimObject pod(String namespace, String name, String node, Map<String, String> labels) {
    return api.create(POD, SimObject.of(namespace, name).withLabels(labels).withContentAt("spec.nodeName", node));
  }

  @Override
  public void close() throws InterruptedException {
    runtime.stop(Duration.ofSeconds(10));
    api.close();
  }
}

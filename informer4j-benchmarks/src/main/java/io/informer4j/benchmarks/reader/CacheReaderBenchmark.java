package io.informer4j.benchmarks.reader;

import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.SimpleTypeRegistry;
import io.informer4j.meta.TypeKey;
import io.informer4j.reader.CacheReader;
import io.informer4j.reader.GetOptions;
import io.informer4j.reader.InformersMap;
import io.informer4j.reader.ListOptions;
import io.informer4j.reader.MapEntry;
import io.informer4j.source.Backend;
import io.kubernetes.client.informer.cache.Cache;
import io.kubernetes.client.openapi.models.V1Pod;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Reads from a cache of 100,000 pods: a list by label selector and a list by field index, each
 * matching 1 % of the objects, and a get by key; informer4j's {@link CacheReader} with and without
 * deep copy, side by side with client-java's informer {@link Cache} (which never copies and has no
 * label selector: the same {@link LabelSelector} filters its objects in the benchmark).
 *
 * <p>The informer4j cache is filled the real way: an {@link InformersMap} lists the pods through a
 * {@code ListerWatcher}, and the field index is added after the sync (back-filled).
 */
@State(org.openjdk.jmh.annotations.Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class CacheReaderBenchmark {

  private static final TypeKey PODS = TypeKey.of("", "v1", "Pod");
  private static final String NODE_FIELD = "spec.nodeName";
  private static final int KEY_COUNT = 4096;

  /** How many pods are cached. */
  @Param("100000")
  public int objects;

  private InformerRuntime runtime;
  private InformersMap map;
  private CacheReader<V1Pod> reader;
  private Cache<V1Pod> clientJava;
  private final LabelSelector app7 = LabelSelector.parse("app=app-7");
  private final ListOptions byLabel = ListOptions.all().withLabels(app7);
  private final ListOptions byLabelNoCopy = byLabel.withUnsafeDisableDeepCopy(true);
  private final ListOptions byField = ListOptions.all().withFields(FieldSelector.equal(NODE_FIELD, "node-7"));
  private final ListOptions byFieldNoCopy = byField.withUnsafeDisableDeepCopy(true);
  private ObjectKey[] keys;
  private String[] keyTexts;
  private int next;

  /** Fills both caches and checks that each query selects 1 % of the pods. */
  @Setup(Level.Trial)
  public void fill() {
    List<V1Pod> pods = PodModel.pods(objects);
    runtime = InformerRuntime.create("reader-benchmark");
    SimpleTypeRegistry registry = new SimpleTypeRegistry().register(PODS, Scope.NAMESPACED, V1Pod.class);
    map = InformersMap.builder(Backend.of(registry, type -> new SnapshotSource<>(pods))).runtime(runtime).build();
    map.start();
    MapEntry<V1Pod> entry = map.get(ObjectType.of(PODS, V1Pod.class, PodModel.ADAPTER), Duration.ofMinutes(5));
    entry.indexField(NODE_FIELD, pod -> List.of(PodModel.nodeName(pod)));
    reader = entry.reader();

    clientJava = new Cache<>();
    clientJava.addIndexFunc("field:" + NODE_FIELD, pod -> List.of(PodModel.nodeName(pod)));
    pods.forEach(clientJava::add);

    Random random = new Random(42);
    keys = new ObjectKey[KEY_COUNT];
    keyTexts = new String[KEY_COUNT];
    for (int i = 0; i < KEY_COUNT; i++) {
      V1Pod pod = pods.get(random.nextInt(pods.size()));
      keys[i] = ObjectKey.of(pod.getMetadata().getNamespace(), pod.getMetadata().getName());
      keyTexts[i] = keys[i].toString();
    }
    checkSelects(listByLabel().size(), listByLabelClientJava().size(), "label");
    checkSelects(listByFieldIndex().size(), listByFieldIndexClientJava().size(), "field");
  }

  private void checkSelects(int informer4j, int clientJavaCount, String what) {
    if (informer4j != objects / 100 || clientJavaCount != informer4j) {
      throw new IllegalStateException("the " + what + " query selected " + informer4j + " (informer4j) and "
          + clientJavaCount + " (client-java) of " + objects + " pods; expected 1 %");
    }
  }

  /** Stops the informers and their threads. */
  @TearDown(Level.Trial)
  public void stop() throws InterruptedException {
    map.stop(Duration.ofSeconds(30));
    runtime.stop(Duration.ofSeconds(30));
  }

  private int nextIndex() {
    next = (next + 1) & (KEY_COUNT - 1);
    return next;
  }

  /** informer4j: list by label selector, deep copies. */
  @Benchmark
  public List<V1Pod> listByLabel() {
    return reader.list(byLabel).items();
  }

  /** informer4j: list by label selector, cached instances. */
  @Benchmark
  public List<V1Pod> listByLabelNoCopy() {
    return reader.list(byLabelNoCopy).items();
  }

  /** client-java: every cached pod, filtered by the same label selector. */
  @Benchmark
  public List<V1Pod> listByLabelClientJava() {
    List<V1Pod> matching = new ArrayList<>();
    for (V1Pod pod : clientJava.list()) {
      if (app7.matches(pod.getMetadata().getLabels())) {
        matching.add(pod);
      }
    }
    return matching;
  }

  /** informer4j: list by an indexed field selector, deep copies. */
  @Benchmark
  public List<V1Pod> listByFieldIndex() {
    return reader.list(byField).items();
  }

  /** informer4j: list by an indexed field selector, cached instances. */
  @Benchmark
  public List<V1Pod> listByFieldIndexNoCopy() {
    return reader.list(byFieldNoCopy).items();
  }

  /** client-java: the same index lookup. */
  @Benchmark
  public List<V1Pod> listByFieldIndexClientJava() {
    return clientJava.byIndex("field:" + NODE_FIELD, "node-7");
  }

  /** informer4j: get by key, deep copy. */
  @Benchmark
  public V1Pod get() {
    return reader.get(keys[nextIndex()]);
  }

  /** informer4j: get by key, cached instance. */
  @Benchmark
  public V1Pod getNoCopy() {
    return reader.get(keys[nextIndex()], GetOptions.withoutDeepCopy());
  }

  /** client-java: get by key. */
  @Benchmark
  public V1Pod getClientJava() {
    return clientJava.getByKey(keyTexts[nextIndex()]);
  }
}

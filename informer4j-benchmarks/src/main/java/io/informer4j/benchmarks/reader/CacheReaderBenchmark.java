package io.informer4j.benchmarks.reader;

import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.Scope;
import io.informer4j.reader.CacheReader;
import io.informer4j.reader.GetOptions;
import io.informer4j.reader.InformersMap;
import io.informer4j.reader.ListOptions;
import io.kubernetes.client.informer.cache.Cache;
import io.kubernetes.client.openapi.models.V1Pod;
import java.util.ArrayList;
import java.util.List;
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

  private static final String NODE_FIELD = CachedPods.NODE_FIELD;

  /** How many pods are cached. */
  @Param("100000")
  public int objects;

  private CachedPods<V1Pod> cache;
  private CacheReader<V1Pod> reader;
  private Cache<V1Pod> clientJava;
  private final LabelSelector app7 = LabelSelector.parse("app=app-7");
  private final ListOptions byLabel = ListOptions.all().withLabels(app7);
  private final ListOptions byLabelNoCopy = byLabel.withUnsafeDisableDeepCopy(true);
  private final ListOptions byField = ListOptions.all().withFields(FieldSelector.equal(NODE_FIELD, "node-7"));
  private final ListOptions byFieldNoCopy = byField.withUnsafeDisableDeepCopy(true);
  private String[] keyTexts;

  /** Fills both caches and checks that each query selects 1 % of the pods. */
  @Setup(Level.Trial)
  public void fill() {
    List<V1Pod> pods = PodModel.pods(objects);
    cache = new CachedPods<>("reader-benchmark", V1Pod.class, PodModel.ADAPTER, pods, PodModel::nodeName,
        pod -> ObjectKey.of(pod.getMetadata().getNamespace(), pod.getMetadata().getName()));
    reader = cache.reader();

    clientJava = new Cache<>();
    clientJava.addIndexFunc("field:" + NODE_FIELD, pod -> List.of(PodModel.nodeName(pod)));
    pods.forEach(clientJava::add);

    keyTexts = new String[CachedPods.KEY_COUNT];
    for (int i = 0; i < keyTexts.length; i++) {
      keyTexts[i] = cache.key(i).toString();
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
    cache.stop();
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
    return reader.get(cache.key(cache.nextIndex()));
  }

  /** informer4j: get by key, cached instance. */
  @Benchmark
  public V1Pod getNoCopy() {
    return reader.get(cache.key(cache.nextIndex()), GetOptions.withoutDeepCopy());
  }

  /** client-java: get by key. */
  @Benchmark
  public V1Pod getClientJava() {
    return clientJava.getByKey(keyTexts[cache.nextIndex()]);
  }
}

package io.informer4j.benchmarks.reader;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.informer4j.kubernetes.HasMetadataAdapter;
import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.ObjectKey;
import io.informer4j.reader.CacheReader;
import io.informer4j.reader.GetOptions;
import io.informer4j.reader.ListOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Reads from a cache of 100,000 fabric8 {@link Pod}s as the Kubernetes backend keeps them by default:
 * decoded from JSON (a Deployment's pod of about 1.6 KB: labels, owner reference, managedFields, one
 * container with ports, env, resources and a mount, a projected volume, status), kept in their
 * compact form ({@link HasMetadataAdapter#compact}); read by key and by an indexed field selecting
 * 1,000, as modifiable deep copies (the default) and as the read-only view
 * ({@link GetOptions#withoutDeepCopy()}).
 *
 * <p>The heap is fixed and touched before the run ({@code -XX:+AlwaysPreTouch}): otherwise a copying
 * {@code get} is measured while the young generation grows into memory the process has never used,
 * and the kernel's page faults (half of the process's CPU time on a busy machine) make it 5–15× slower
 * for tens of seconds.
 */
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
@org.openjdk.jmh.annotations.State(org.openjdk.jmh.annotations.Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class KubernetesReaderBenchmark {

  private static final String POD = """
      {"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-%1$d","namespace":"ns-%2$d",
       "uid":"0b5e3c1a-%1$08d-3333-444455556666","resourceVersion":"%1$d","generateName":"web-7d9f8-",
       "creationTimestamp":"2026-01-01T00:00:00Z","labels":{"app":"web-%3$d","pod-template-hash":"7d9f8"},
       "ownerReferences":[{"apiVersion":"apps/v1","kind":"ReplicaSet","name":"web-7d9f8","uid":"aaaa-bbbb",
         "controller":true,"blockOwnerDeletion":true}],
       "managedFields":[{"manager":"kube-controller-manager","operation":"Update","apiVersion":"v1",
         "time":"2026-01-01T00:00:00Z","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{"f:generateName":{},
         "f:labels":{".":{},"f:app":{},"f:pod-template-hash":{}},"f:ownerReferences":{".":{}}},
         "f:spec":{"f:containers":{"k:{\\"name\\":\\"web\\"}":{".":{},"f:image":{},"f:name":{}}}}}}]},
       "spec":{"nodeName":"node-%4$d","containers":[{"name":"web","image":"nginx:1.27",
         "ports":[{"containerPort":80,"protocol":"TCP"}],"env":[{"name":"MODE","value":"prod"}],
         "resources":{"requests":{"cpu":"100m","memory":"128Mi"}},
         "volumeMounts":[{"name":"kube-api-access","mountPath":"/var/run/secrets/kubernetes.io/serviceaccount",
           "readOnly":true}]}],
         "restartPolicy":"Always","serviceAccountName":"default","volumes":[{"name":"kube-api-access",
         "projected":{"sources":[{"serviceAccountToken":{"expirationSeconds":3607,"path":"token"}}]}}]},
       "status":{"phase":"Running","podIP":"10.0.%5$d.%6$d","conditions":[{"type":"Ready","status":"True",
         "lastTransitionTime":"2026-01-01T00:00:00Z"}]}}
      """;

  /** How many pods are cached. */
  @Param("100000")
  public int objects;

  private CachedPods<Pod> cache;
  private CacheReader<Pod> reader;
  private final ListOptions byField =
      ListOptions.all().withFields(FieldSelector.equal(CachedPods.NODE_FIELD, "node-7"));
  private final ListOptions byFieldView = byField.withUnsafeDisableDeepCopy(true);

  /** Decodes the pods, fills the cache and checks that the indexed query selects 1 %. */
  @Setup(Level.Trial)
  public void fill() {
    KubernetesSerialization json = new KubernetesSerialization();
    List<Pod> pods = new ArrayList<>(objects);
    for (int i = 0; i < objects; i++) {
      pods.add(json.unmarshal(POD.formatted(i, i % 100, i / 100 % 100, i / 10 % 100, i / 250 % 250, i % 250),
          Pod.class));
    }
    cache = new CachedPods<>("kubernetes-reader-benchmark", Pod.class, new HasMetadataAdapter<>(json), pods,
        pod -> pod.getSpec().getNodeName(),
        pod -> ObjectKey.of(pod.getMetadata().getNamespace(), pod.getMetadata().getName()));
    reader = cache.reader();
    int selected = listByFieldIndex().size();
    if (selected != objects / 100) {
      throw new IllegalStateException("the field query selected " + selected + " of " + objects + "; expected 1 %");
    }
  }

  /** Stops the informers and their threads. */
  @TearDown(Level.Trial)
  public void stop() throws InterruptedException {
    cache.stop();
  }

  /** Get by key: a modifiable deep copy. */
  @Benchmark
  public Pod get() {
    return reader.get(cache.key(cache.nextIndex()));
  }

  /** Get by key: the read-only view. */
  @Benchmark
  public Pod getReadOnlyView() {
    return reader.get(cache.key(cache.nextIndex()), GetOptions.withoutDeepCopy());
  }

  /** List by an indexed field, 1,000 results: modifiable deep copies. */
  @Benchmark
  public List<Pod> listByFieldIndex() {
    return reader.list(byField).items();
  }

  /** List by an indexed field, 1,000 results: the read-only views. */
  @Benchmark
  public List<Pod> listByFieldIndexReadOnlyView() {
    return reader.list(byFieldView).items();
  }
}

package io.informer4j.benchmarks.reader;

import io.informer4j.meta.ObjectAdapter;
import io.kubernetes.client.openapi.models.V1ObjectMeta;
import io.kubernetes.client.openapi.models.V1Pod;
import io.kubernetes.client.openapi.models.V1PodSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The benchmark's objects: client-java {@link V1Pod}s spread over 100 namespaces, each with an
 * {@code app} label and a {@code spec.nodeName} taking 100 values each (so a value selects 1 %), and
 * the informer4j adapter for them, whose deep copy copies every field the pods carry.
 */
final class PodModel {

  /** How many distinct values the app label and the node name take. */
  static final int SPREAD = 100;

  static final ObjectAdapter<V1Pod> ADAPTER = ObjectAdapter.builder((V1Pod pod) -> pod.getMetadata().getNamespace(),
          pod -> pod.getMetadata().getName())
      .resourceVersion(pod -> pod.getMetadata().getResourceVersion())
      .labels(pod -> pod.getMetadata().getLabels() == null ? Map.of() : pod.getMetadata().getLabels())
      .fields((pod, path) -> path.equals("spec.nodeName") ? nodeName(pod) : null)
      .deepCopy(PodModel::copy)
      .build();

  private PodModel() {
  }

  static String nodeName(V1Pod pod) {
    return pod.getSpec() == null ? null : pod.getSpec().getNodeName();
  }

  /**
   * Returns {@code count} pods: pod {@code i} is {@code ns-(i % 100)/pod-i} with label
   * {@code app=app-(i / 100 % 100)} and node {@code node-(i / 10 % 100)}.
   */
  static List<V1Pod> pods(int count) {
    List<V1Pod> pods = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      Map<String, String> labels = new HashMap<>();
      labels.put("app", "app-" + (i / SPREAD % SPREAD));
      labels.put("tier", i % 2 == 0 ? "web" : "batch");
      pods.add(new V1Pod()
          .metadata(new V1ObjectMeta().namespace("ns-" + (i % SPREAD)).name("pod-" + i).resourceVersion("1")
              .uid("uid-" + i).labels(labels))
          .spec(new V1PodSpec().nodeName("node-" + (i / 10 % SPREAD))));
    }
    return pods;
  }

  /** Copies a benchmark pod so that it shares no mutable state with the original. */
  static V1Pod copy(V1Pod pod) {
    V1ObjectMeta meta = pod.getMetadata();
    return new V1Pod()
        .metadata(new V1ObjectMeta().namespace(meta.getNamespace()).name(meta.getName())
            .resourceVersion(meta.getResourceVersion()).uid(meta.getUid()).labels(new HashMap<>(meta.getLabels())))
        .spec(new V1PodSpec().nodeName(nodeName(pod)));
  }
}

package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.TypeKey;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the API server's discovery says of well-known built-in resources, as {@code kubectl
 * api-resources} shows it on Kubernetes 1.32: short names and categories (the registries' {@code
 * ShortNames()} and {@code Categories()} in kubernetes/pkg/registry), and the field selectors each
 * resource supports besides {@code metadata.name} and {@code metadata.namespace} (the
 * {@code AddFieldLabelConversionFunc} calls of kubernetes/pkg/apis/{group}/v1/conversion.go). Other
 * resources get none. Stateless.
 */
final class BuiltInTypes {

  /** Discovery facts of one resource. */
  record Facts(List<String> shortNames, List<String> categories, Set<String> selectableFields) {
  }

  private static final Facts NONE = new Facts(List.of(), List.of(), Set.of());
  private static final List<String> ALL = List.of("all");

  private static final Map<String, Facts> BY_RESOURCE = Map.ofEntries(
      Map.entry("/configmaps", new Facts(List.of("cm"), List.of(), Set.of())),
      Map.entry("/secrets", new Facts(List.of(), List.of(), Set.of("type"))),
      Map.entry("/namespaces", new Facts(List.of("ns"), List.of(), Set.of("status.phase"))),
      Map.entry("/pods", new Facts(List.of("po"), ALL, Set.of("spec.nodeName", "spec.restartPolicy",
          "spec.schedulerName", "spec.serviceAccountName", "spec.hostNetwork", "status.phase", "status.podIP",
          "status.nominatedNodeName"))),
      Map.entry("/services", new Facts(List.of("svc"), ALL, Set.of("spec.clusterIP", "spec.type"))),
      Map.entry("/serviceaccounts", new Facts(List.of("sa"), List.of(), Set.of())),
      Map.entry("/nodes", new Facts(List.of("no"), List.of(), Set.of("spec.unschedulable"))),
      Map.entry("/persistentvolumeclaims", new Facts(List.of("pvc"), List.of(), Set.of())),
      Map.entry("/events", new Facts(List.of("ev"), List.of(), Set.of("involvedObject.kind",
          "involvedObject.namespace", "involvedObject.name", "involvedObject.uid", "involvedObject.apiVersion",
          "involvedObject.resourceVersion", "involvedObject.fieldPath", "reason", "reportingComponent", "source",
          "type"))),
      Map.entry("apps/deployments", new Facts(List.of("deploy"), ALL, Set.of())),
      Map.entry("apps/replicasets", new Facts(List.of("rs"), ALL, Set.of("status.replicas"))),
      Map.entry("apps/statefulsets", new Facts(List.of("sts"), ALL, Set.of())),
      Map.entry("apps/daemonsets", new Facts(List.of("ds"), ALL, Set.of())),
      Map.entry("batch/jobs", new Facts(List.of(), ALL, Set.of("status.successful"))),
      Map.entry("batch/cronjobs", new Facts(List.of("cj"), ALL, Set.of())),
      Map.entry("events.k8s.io/events", new Facts(List.of("ev"), List.of(), Set.of())),
      Map.entry("apiextensions.k8s.io/customresourcedefinitions",
          new Facts(List.of("crd", "crds"), List.of("api-extensions"), Set.of())));

  /**
   * The resources whose registry strategy sets {@code metadata.generation} (PrepareForCreate sets 1,
   * PrepareForUpdate bumps it): workloads, Pods, ReplicationControllers, Ingresses, NetworkPolicies,
   * PodDisruptionBudgets, CRDs (kubernetes/pkg/registry/{apps,batch,core,networking,policy}/.../strategy.go).
   */
  private static final Set<String> WITH_GENERATION = Set.of("apps/deployments", "apps/replicasets",
      "apps/statefulsets", "apps/daemonsets", "batch/jobs", "batch/cronjobs", "/pods", "/replicationcontrollers",
      "networking.k8s.io/ingresses", "networking.k8s.io/networkpolicies", "policy/poddisruptionbudgets",
      "apiextensions.k8s.io/customresourcedefinitions");

  private BuiltInTypes() {
  }

  /** Returns true when the API server sets a generation on objects of the resource {@code plural} of {@code type}'s group. */
  static boolean hasGeneration(TypeKey type, String plural) {
    return WITH_GENERATION.contains(type.group() + "/" + plural);
  }

  /** Returns the facts of the resource {@code plural} of {@code type}'s group (none when unknown). */
  static Facts facts(TypeKey type, String plural) {
    return BY_RESOURCE.getOrDefault(type.group() + "/" + plural, NONE);
  }
}

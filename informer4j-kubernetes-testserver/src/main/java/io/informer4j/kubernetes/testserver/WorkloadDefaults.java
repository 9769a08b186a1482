package io.informer4j.kubernetes.testserver;

import static io.informer4j.kubernetes.testserver.DefaultedFields.items;
import static io.informer4j.kubernetes.testserver.DefaultedFields.mapOrNull;
import static io.informer4j.kubernetes.testserver.DefaultedFields.orDefault;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The defaults the API server gives the workloads (kubernetes/pkg/apis/apps/v1/defaults.go and
 * kubernetes/pkg/apis/batch/v1/defaults.go, Kubernetes 1.32) and their pod templates
 * ({@link PodSpecDefaults}). Stateless; changes the given document.
 */
final class WorkloadDefaults {

  private static final String ROLLING_UPDATE = "RollingUpdate";

  private WorkloadDefaults() {
  }

  /**
   * SetDefaults_Deployment: {@code replicas} 1, strategy RollingUpdate with {@code maxUnavailable}
   * and {@code maxSurge} 25%, {@code revisionHistoryLimit} 10, {@code progressDeadlineSeconds} 600.
   */
  static void deployment(Map<String, Object> document) {
    Map<String, Object> spec = Documents.child(document, "spec");
    orDefault(spec, "replicas", 1);
    Map<String, Object> strategy = Documents.child(spec, "strategy");
    orDefault(strategy, "type", ROLLING_UPDATE);
    if (ROLLING_UPDATE.equals(strategy.get("type"))) {
      Map<String, Object> rolling = Documents.child(strategy, "rollingUpdate");
      orDefault(rolling, "maxUnavailable", "25%");
      orDefault(rolling, "maxSurge", "25%");
    }
    orDefault(spec, "revisionHistoryLimit", 10);
    orDefault(spec, "progressDeadlineSeconds", 600);
    template(spec);
  }

  /** SetDefaults_ReplicaSet: {@code replicas} 1. */
  static void replicaSet(Map<String, Object> document) {
    Map<String, Object> spec = Documents.child(document, "spec");
    orDefault(spec, "replicas", 1);
    template(spec);
  }

  /**
   * SetDefaults_StatefulSet: {@code podManagementPolicy} OrderedReady, update strategy
   * RollingUpdate with {@code partition} 0, {@code persistentVolumeClaimRetentionPolicy} Retain on
   * both events, {@code replicas} 1, {@code revisionHistoryLimit} 10, and the volume claim templates'
   * defaults (SetDefaults_PersistentVolumeClaim: {@code volumeMode} Filesystem, phase Pending).
   */
  static void statefulSet(Map<String, Object> document) {
    Map<String, Object> spec = Documents.child(document, "spec");
    orDefault(spec, "podManagementPolicy", "OrderedReady");
    Map<String, Object> strategy = Documents.child(spec, "updateStrategy");
    orDefault(strategy, "type", ROLLING_UPDATE);
    if (ROLLING_UPDATE.equals(strategy.get("type"))) {
      orDefault(Documents.child(strategy, "rollingUpdate"), "partition", 0);
    }
    Map<String, Object> retention = Documents.child(spec, "persistentVolumeClaimRetentionPolicy");
    orDefault(retention, "whenDeleted", "Retain");
    orDefault(retention, "whenScaled", "Retain");
    orDefault(spec, "replicas", 1);
    orDefault(spec, "revisionHistoryLimit", 10);
    for (Map<String, Object> claim : items(spec, "volumeClaimTemplates")) {
      orDefault(claim, "apiVersion", "v1");
      orDefault(claim, "kind", "PersistentVolumeClaim");
      persistentVolumeClaim(claim);
    }
    template(spec);
  }

  /**
   * SetDefaults_PersistentVolumeClaim and SetDefaults_PersistentVolumeClaimSpec: {@code volumeMode}
   * Filesystem, {@code status.phase} Pending, the resources' quantities in canonical form.
   */
  static void persistentVolumeClaim(Map<String, Object> claim) {
    Map<String, Object> spec = Documents.child(claim, "spec");
    orDefault(spec, "volumeMode", "Filesystem");
    Map<String, Object> resources = mapOrNull(spec, "resources");
    if (resources != null) {
      PodSpecDefaults.resources(resources);
    }
    orDefault(Documents.child(claim, "status"), "phase", "Pending");
  }

  /**
   * SetDefaults_DaemonSet: update strategy RollingUpdate with {@code maxUnavailable} 1 and
   * {@code maxSurge} 0, {@code revisionHistoryLimit} 10.
   */
  static void daemonSet(Map<String, Object> document) {
    Map<String, Object> spec = Documents.child(document, "spec");
    Map<String, Object> strategy = Documents.child(spec, "updateStrategy");
    orDefault(strategy, "type", ROLLING_UPDATE);
    if (ROLLING_UPDATE.equals(strategy.get("type"))) {
      Map<String, Object> rolling = Documents.child(strategy, "rollingUpdate");
      orDefault(rolling, "maxUnavailable", 1);
      orDefault(rolling, "maxSurge", 0);
    }
    orDefault(spec, "revisionHistoryLimit", 10);
    template(spec);
  }

  /**
   * SetDefaults_Job: {@code completions} and {@code parallelism} 1 when both are unset (else
   * {@code parallelism} 1), {@code backoffLimit} 6 (2147483647 with {@code backoffLimitPerIndex}),
   * the Job's labels from its template's when it has none, {@code completionMode} NonIndexed,
   * {@code suspend} false, {@code podReplacementPolicy} TerminatingOrFailed (Failed with a pod
   * failure policy), and {@code manualSelector} is left unset.
   */
  static void job(Map<String, Object> document) {
    Map<String, Object> spec = Documents.child(document, "spec");
    if (spec.get("completions") == null && spec.get("parallelism") == null) {
      spec.put("completions", 1);
      spec.put("parallelism", 1);
    }
    orDefault(spec, "parallelism", 1);
    orDefault(spec, "backoffLimit", spec.get("backoffLimitPerIndex") != null ? Integer.MAX_VALUE : 6);
    Map<String, Object> templateLabels = Documents.childOrEmpty(Documents.childOrEmpty(spec, "template"), "metadata");
    Map<String, Object> metadata = Documents.metadata(document);
    if (templateLabels.get("labels") instanceof Map<?, ?> labels
        && Documents.childOrEmpty(metadata, "labels").isEmpty()) {
      metadata.put("labels", new LinkedHashMap<>(labels));
    }
    orDefault(spec, "completionMode", "NonIndexed");
    orDefault(spec, "suspend", false);
    orDefault(spec, "podReplacementPolicy", spec.get("podFailurePolicy") != null ? "Failed" : "TerminatingOrFailed");
    template(spec);
  }

  private static void template(Map<String, Object> spec) {
    Map<String, Object> template = mapOrNull(spec, "template");
    if (template != null) {
      PodSpecDefaults.apply(Documents.child(template, "spec"));
    }
  }
}

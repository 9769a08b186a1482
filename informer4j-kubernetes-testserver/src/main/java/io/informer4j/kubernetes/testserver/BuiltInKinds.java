package io.informer4j.kubernetes.testserver;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What the API server does to an object of a built-in kind on every write, after the client's body is
 * merged with the stored object and before it is stored: the defaults of its version
 * (kubernetes/pkg/apis/{core,apps,batch}/v1/defaults.go: {@link WorkloadDefaults},
 * {@link PodSpecDefaults}, {@link ServiceDefaults}, the Secret's), what its registry strategy sets
 * (a new Pod's {@code status.phase} Pending and {@code qosClass}), and its validation
 * ({@link WorkloadValidation}, {@link CoreValidation}). A refusal is 422 Invalid with a cause per
 * field, a quantity that cannot be read is 400 BadRequest. Kinds other than the v1 core and apps,
 * batch kinds named here are left alone. Thread-safe.
 */
final class BuiltInKinds {

  private final ServiceDefaults services = new ServiceDefaults(new ServiceAddresses());
  private final Function<ResourceType, List<Map<String, Object>>> stored;

  /** @param stored returns the stored objects of a type (for the Services' addresses in use) */
  BuiltInKinds(Function<ResourceType, List<Map<String, Object>>> stored) {
    this.stored = stored;
  }

  /**
   * Defaults and validates {@code document}, a write of the main resource of {@code type} that
   * replaces {@code old} (null on create). Writes of {@code /status} are left alone.
   *
   * @throws RejectedRequest 422 or 400 when the API server refuses the object
   */
  void admit(ResourceType type, Map<String, Object> old, Map<String, Object> document) {
    if (!"v1".equals(type.type().version())) {
      return;
    }
    List<FieldError> errors = new ArrayList<>();
    try {
      switch (type.type().group() + "/" + type.plural()) {
        case "apps/deployments" -> {
          WorkloadDefaults.deployment(document);
          errors.addAll(WorkloadValidation.apps(type.plural(), old, document));
        }
        case "apps/replicasets" -> {
          WorkloadDefaults.replicaSet(document);
          errors.addAll(WorkloadValidation.apps(type.plural(), old, document));
        }
        case "apps/statefulsets" -> {
          WorkloadDefaults.statefulSet(document);
          errors.addAll(WorkloadValidation.apps(type.plural(), old, document));
        }
        case "apps/daemonsets" -> {
          WorkloadDefaults.daemonSet(document);
          errors.addAll(WorkloadValidation.apps(type.plural(), old, document));
        }
        case "batch/jobs" -> {
          WorkloadDefaults.job(document);
          errors.addAll(WorkloadValidation.job(old, document));
        }
        case "/pods" -> {
          PodSpecDefaults.applyToPod(document);
          if (old == null) {
            Map<String, Object> status = new LinkedHashMap<>();
            status.put("phase", "Pending");
            status.put("qosClass", QualityOfService.of(Documents.childOrEmpty(document, "spec")));
            document.put("status", status);
          }
          errors.addAll(CoreValidation.pod(old, document));
        }
        case "/persistentvolumeclaims" -> WorkloadDefaults.persistentVolumeClaim(document);
        case "/services" -> {
          errors.addAll(services.apply(old, document, stored.apply(type)));
          errors.addAll(CoreValidation.service(old, document));
        }
        case "/secrets" -> {
          CoreValidation.secretDefaults(document);
          errors.addAll(CoreValidation.secret(document));
        }
        case "/configmaps" -> errors.addAll(CoreValidation.configMap(document));
        default -> {
        }
      }
    } catch (IllegalArgumentException unreadable) {
      String kind = type.type().kind();
      throw new RejectedRequest(Statuses.badRequest(kind + " in version \"v1\" cannot be handled as a " + kind + ": "
          + unreadable.getMessage()));
    }
    if (!errors.isEmpty()) {
      String name = Documents.text(Documents.metadata(document), "name");
      throw new RejectedRequest(Statuses.invalid(type.type(), name == null ? "" : name, errors));
    }
  }

  /**
   * Returns what the API server sets from the identity of a just-stored object, or null when nothing:
   * a Job without {@code manualSelector} gets its generated selector (the Job strategy's
   * generateSelector in kubernetes/pkg/registry/batch/job/strategy.go): its template labelled
   * {@code job-name}, {@code batch.kubernetes.io/job-name}, {@code controller-uid} and
   * {@code batch.kubernetes.io/controller-uid} (labels the client set are kept) and
   * {@code batch.kubernetes.io/controller-uid} added to the selector's {@code matchLabels}. The
   * API server does this before storing; here the uid is known once the object is stored, so it is a
   * second write (a MODIFIED event after the ADDED one).
   */
  Map<String, Object> completeCreated(ResourceType type, Map<String, Object> created) {
    if (!"v1".equals(type.type().version()) || !"batch".equals(type.type().group()) || !"jobs".equals(type.plural())) {
      return null;
    }
    Map<String, Object> document = Documents.copy(created);
    Map<String, Object> spec = Documents.child(document, "spec");
    if (Boolean.TRUE.equals(spec.get("manualSelector"))) {
      return null;
    }
    Map<String, Object> metadata = Documents.metadata(document);
    String name = Documents.text(metadata, "name");
    String uid = Documents.text(metadata, "uid");
    Map<String, Object> labels = Documents.child(Documents.child(Documents.child(spec, "template"), "metadata"), "labels");
    labels.putIfAbsent("job-name", name);
    labels.putIfAbsent("batch.kubernetes.io/job-name", name);
    labels.putIfAbsent("controller-uid", uid);
    labels.putIfAbsent("batch.kubernetes.io/controller-uid", uid);
    Documents.child(Documents.child(spec, "selector"), "matchLabels").putIfAbsent("batch.kubernetes.io/controller-uid", uid);
    return document;
  }
}

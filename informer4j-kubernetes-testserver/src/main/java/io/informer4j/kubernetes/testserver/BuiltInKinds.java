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
 * {@link PodSpecDefaults}, {@link ServiceDefaults}, {@link SecretDefaults}), what its registry strategy sets
 * (a new Pod's {@code status.phase} Pending and {@code qosClass}), and its validation
 * ({@link WorkloadValidation}, {@link CoreValidation}, {@link EventValidation} for both Event APIs). A refusal is 422 Invalid with a cause per
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
   * replaces {@code old} (null on create). Writes of {@code /status} are left alone. Without
   * {@code validate} (a type whose validation is skipped) the object is only defaulted.
   *
   * @throws RejectedRequest 422 or 400 when the API server refuses the object
   */
  void admit(ResourceType type, Map<String, Object> old, Map<String, Object> document, boolean validate) {
    String kind = "v1".equals(type.type().version()) ? type.type().group() + "/" + type.plural() : "";
    List<FieldError> errors = new ArrayList<>();
    try {
      // The stored object is read through the same defaulting, so that a comparison with it sees
      // only what the write changed (the API server defaults what it decodes from storage).
      Map<String, Object> before = old == null ? null : Documents.copy(old);
      if (before != null) {
        defaults(kind, before);
      }
      defaults(kind, document);
      switch (kind) {
        case "apps/deployments", "apps/replicasets", "apps/statefulsets", "apps/daemonsets" ->
            errors.addAll(WorkloadValidation.apps(type.plural(), before, document));
        case "batch/jobs" -> errors.addAll(WorkloadValidation.job(before, document));
        case "/pods" -> {
          if (before == null) {
            Map<String, Object> status = new LinkedHashMap<>();
            status.put("phase", "Pending");
            status.put("qosClass", QualityOfService.of(Documents.childOrEmpty(document, "spec")));
            document.put("status", status);
          }
          errors.addAll(CoreValidation.pod(before, document));
        }
        case "/services" -> {
          errors.addAll(services.apply(before, document, stored.apply(type)));
          errors.addAll(CoreValidation.service(before, document));
        }
        case "/secrets" -> errors.addAll(CoreValidation.secret(document));
        case "/configmaps" -> errors.addAll(CoreValidation.configMap(document));
        case "/events", "events.k8s.io/events" -> errors.addAll(EventValidation.errors(
            EventVersions.core(type.type(), before), EventVersions.core(type.type(), document), !kind.startsWith("/")));
        default -> {
        }
      }
    } catch (IllegalArgumentException unreadable) {
      String name = type.type().kind();
      throw new RejectedRequest(Statuses.badRequest(name + " in version \"v1\" cannot be handled as a " + name + ": "
          + unreadable.getMessage()));
    }
    if (validate && !errors.isEmpty()) {
      String name = Documents.text(Documents.metadata(document), "name");
      throw new RejectedRequest(Statuses.invalid(type.type(), name == null ? "" : name, errors));
    }
  }

  /** Applies the defaults of the resource {@code kind} ({@code group/plural}) that need no state. */
  private static void defaults(String kind, Map<String, Object> document) {
    switch (kind) {
      case "apps/deployments" -> WorkloadDefaults.deployment(document);
      case "apps/replicasets" -> WorkloadDefaults.replicaSet(document);
      case "apps/statefulsets" -> WorkloadDefaults.statefulSet(document);
      case "apps/daemonsets" -> WorkloadDefaults.daemonSet(document);
      case "batch/jobs" -> WorkloadDefaults.job(document);
      case "/pods" -> PodSpecDefaults.applyToPod(document);
      case "/persistentvolumeclaims" -> WorkloadDefaults.persistentVolumeClaim(document);
      case "/services" -> ServiceDefaults.defaults(document);
      case "/secrets" -> SecretDefaults.apply(document);
      default -> {
      }
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

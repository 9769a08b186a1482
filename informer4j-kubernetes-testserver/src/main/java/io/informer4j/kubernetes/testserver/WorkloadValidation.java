package io.informer4j.kubernetes.testserver;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The checks the API server makes of workloads (kubernetes/pkg/apis/apps/validation/validation.go
 * and kubernetes/pkg/apis/batch/validation/validation.go, Kubernetes 1.32): a non-negative
 * {@code replicas}, a selector that is present, well formed ({@link LabelSelectors#errors}), not
 * empty and that the pod template's labels match, the restart policy the kind allows, the pod template's spec ({@link PodSpecValidation}); on
 * update an unchanged selector ({@code field is immutable}), a StatefulSet's spec changed only in the
 * fields it may change, a Job's template unchanged. Stateless.
 */
final class WorkloadValidation {

  private static final String SELECTOR_MISMATCH = "`selector` does not match template `labels`";
  private static final String IMMUTABLE = "field is immutable";
  private static final String STATEFUL_SET_FORBIDDEN = "updates to statefulset spec for fields other than 'replicas', "
      + "'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden";
  private static final List<String> STATEFUL_SET_MUTABLE = List.of("replicas", "ordinals", "template", "updateStrategy",
      "persistentVolumeClaimRetentionPolicy", "minReadySeconds");

  private WorkloadValidation() {
  }

  /**
   * Returns the errors of an apps/v1 workload of resource {@code plural} (deployments, replicasets,
   * statefulsets, daemonsets), updated from {@code old} (null on create).
   */
  static List<FieldError> apps(String plural, Map<String, Object> old, Map<String, Object> document) {
    Map<String, Object> spec = Documents.childOrEmpty(document, "spec");
    List<FieldError> errors = new ArrayList<>();
    if (spec.get("replicas") instanceof Number replicas && replicas.longValue() < 0) {
      errors.add(FieldError.invalid("spec.replicas", null, replicas + ": must be greater than or equal to 0"));
    }
    Map<String, Object> selector = DefaultedFields.mapOrNull(spec, "selector");
    Map<String, Object> template = Documents.childOrEmpty(spec, "template");
    Map<?, ?> labels = Documents.childOrEmpty(Documents.childOrEmpty(template, "metadata"), "labels");
    List<FieldError> selectorErrors = selector == null ? List.of() : LabelSelectors.errors(selector, "spec.selector");
    errors.addAll(selectorErrors);
    if (selector == null) {
      errors.add(FieldError.required("spec.selector", ""));
    } else if (!selectorErrors.isEmpty()) {
      errors.add(FieldError.invalid("spec.selector", null, GoValues.labelSelector(selector) + ": invalid label selector"));
    } else if (LabelSelectors.isEmpty(selector)) {
      String kind = switch (plural) {
        case "statefulsets" -> "statefulset";
        case "daemonsets" -> "daemonset";
        default -> "deployment";
      };
      errors.add(FieldError.invalid("spec.selector", null, GoValues.labelSelector(selector)
          + ": empty selector is invalid for " + kind));
    }
    if (selector == null || selectorErrors.isEmpty() && !LabelSelectors.isEmpty(selector)
        && !LabelSelectors.matches(selector, labels)) {
      errors.add(FieldError.invalid("spec.template.metadata.labels", null, GoValues.stringMap(labels) + ": " + SELECTOR_MISMATCH));
    }
    Map<String, Object> podSpec = Documents.childOrEmpty(template, "spec");
    errors.addAll(PodSpecValidation.errors(podSpec, "spec.template.spec", false));
    Object restartPolicy = podSpec.get("restartPolicy");
    if (restartPolicy != null && !"Always".equals(restartPolicy)) {
      errors.add(PodSpecValidation.notSupported("spec.template.spec.restartPolicy", String.valueOf(restartPolicy),
          List.of("Always")));
    }
    if ("deployments".equals(plural)) {
      PodSpecValidation.supported(Documents.childOrEmpty(spec, "strategy"), "type", "spec.strategy",
          List.of("Recreate", "RollingUpdate"), errors);
    }
    if (old != null) {
      Map<String, Object> oldSpec = Documents.childOrEmpty(old, "spec");
      if (!JsonValues.equal(oldSpec.get("selector"), spec.get("selector"))) {
        errors.add(FieldError.invalid("spec.selector", null,
            (selector == null ? "null" : GoValues.labelSelector(selector)) + ": " + IMMUTABLE));
      }
      if ("statefulsets".equals(plural) && !JsonValues.equal(without(oldSpec), without(spec))) {
        errors.add(FieldError.forbidden("spec", STATEFUL_SET_FORBIDDEN));
      }
    }
    return errors;
  }

  /**
   * Returns the errors of a batch/v1 Job updated from {@code old} (null on create): the selector
   * required with {@code manualSelector}, a restart policy OnFailure or Never, the template's spec,
   * and on update an unchanged selector and template.
   */
  static List<FieldError> job(Map<String, Object> old, Map<String, Object> document) {
    Map<String, Object> spec = Documents.childOrEmpty(document, "spec");
    List<FieldError> errors = new ArrayList<>();
    Map<String, Object> selector = DefaultedFields.mapOrNull(spec, "selector");
    Map<String, Object> template = Documents.childOrEmpty(spec, "template");
    Map<?, ?> labels = Documents.childOrEmpty(Documents.childOrEmpty(template, "metadata"), "labels");
    List<FieldError> selectorErrors = selector == null ? List.of() : LabelSelectors.errors(selector, "spec.selector");
    errors.addAll(selectorErrors);
    if (Boolean.TRUE.equals(spec.get("manualSelector")) && selector == null) {
      errors.add(FieldError.required("spec.selector", ""));
    } else if (selector != null && selectorErrors.isEmpty() && !LabelSelectors.isEmpty(selector)
        && !LabelSelectors.matches(selector, labels)) {
      errors.add(FieldError.invalid("spec.template.metadata.labels", null, GoValues.stringMap(labels) + ": " + SELECTOR_MISMATCH));
    }
    for (String field : List.of("parallelism", "completions", "backoffLimit", "activeDeadlineSeconds")) {
      if (spec.get(field) instanceof Number number && number.longValue() < 0) {
        errors.add(FieldError.invalid("spec." + field, null, number + ": must be greater than or equal to 0"));
      }
    }
    Map<String, Object> podSpec = Documents.childOrEmpty(template, "spec");
    errors.addAll(PodSpecValidation.errors(podSpec, "spec.template.spec", false));
    Object restartPolicy = podSpec.get("restartPolicy");
    if (!"OnFailure".equals(restartPolicy) && !"Never".equals(restartPolicy)) {
      errors.add(FieldError.required("spec.template.spec.restartPolicy", "valid values: \"OnFailure\", \"Never\""));
    }
    if (old != null) {
      Map<String, Object> oldSpec = Documents.childOrEmpty(old, "spec");
      if (!JsonValues.equal(oldSpec.get("selector"), spec.get("selector"))) {
        errors.add(FieldError.invalid("spec.selector", null,
            (selector == null ? "null" : GoValues.labelSelector(selector)) + ": " + IMMUTABLE));
      }
      if (!JsonValues.equal(oldSpec.get("template"), spec.get("template"))) {
        errors.add(FieldError.invalid("spec.template", null, "core.PodTemplateSpec{…}: " + IMMUTABLE));
      }
    }
    return errors;
  }

  private static Map<String, Object> without(Map<String, Object> spec) {
    Map<String, Object> rest = new LinkedHashMap<>(spec);
    STATEFUL_SET_MUTABLE.forEach(rest::remove);
    return rest;
  }
}

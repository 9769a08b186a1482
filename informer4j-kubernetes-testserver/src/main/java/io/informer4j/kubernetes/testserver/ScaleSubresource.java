package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.LabelOperator;
import io.informer4j.meta.LabelRequirement;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.TypeKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a kind keeps what its {@code /scale} subresource shows, an {@code autoscaling/v1} Scale:
 * the desired replicas ({@code spec.replicas}), the observed replicas ({@code status.replicas}) and
 * the label selector of its pods ({@code status.selector}, as text). The workloads keep them in
 * {@code .spec.replicas}, {@code .status.replicas} and the structured {@code .spec.selector}
 * (kubernetes/pkg/registry/apps/{deployment,replicaset,statefulset}/storage/storage.go and
 * pkg/registry/core/replicationcontroller/storage: scaleFromDeployment and its siblings); a custom
 * resource where its CRD version's {@code subresources.scale} says, the selector as a string
 * (k8s.io/apiextensions-apiserver pkg/registry/customresource/etcd.go: scaleFromCustomResource).
 * Immutable.
 *
 * @param specReplicasPath   the JSON path of the desired replicas ({@code .spec.replicas})
 * @param statusReplicasPath the JSON path of the observed replicas
 * @param labelSelectorPath  the JSON path of the selector, or null when there is none
 * @param selectorForm       how the selector is kept there
 */
record ScaleSubresource(String specReplicasPath, String statusReplicasPath, String labelSelectorPath,
                        SelectorForm selectorForm) {

  /** How a kind keeps its selector. */
  enum SelectorForm {
    /** A label selector's text (a custom resource's {@code labelSelectorPath}). */
    TEXT,
    /** A metav1.LabelSelector: {@code matchLabels} and {@code matchExpressions} (apps/v1 workloads). */
    LABEL_SELECTOR,
    /** A map of labels that must all match (a ReplicationController's {@code spec.selector}). */
    LABELS
  }

  /** The {@code autoscaling/v1} Scale kind a /scale subresource serves. */
  static final TypeKey SCALE = TypeKey.of("autoscaling", "v1", "Scale");

  private static final Map<String, ScaleSubresource> BUILT_IN = Map.of(
      "apps/v1/deployments", workload(SelectorForm.LABEL_SELECTOR),
      "apps/v1/replicasets", workload(SelectorForm.LABEL_SELECTOR),
      "apps/v1/statefulsets", workload(SelectorForm.LABEL_SELECTOR),
      "/v1/replicationcontrollers", workload(SelectorForm.LABELS));

  private static ScaleSubresource workload(SelectorForm form) {
    return new ScaleSubresource(".spec.replicas", ".status.replicas", ".spec.selector", form);
  }

  /** Returns the /scale of a built-in resource type, or null when it has none. */
  static ScaleSubresource builtIn(ResourceType type) {
    return BUILT_IN.get(type.type().group() + "/" + type.type().version() + "/" + type.plural());
  }

  /** Returns the /scale a CRD version declares ({@code subresources.scale}), or null when it declares none. */
  static ScaleSubresource declared(Map<String, Object> crdVersion) {
    Map<String, Object> subresources = Documents.childOrEmpty(crdVersion, "subresources");
    if (!(subresources.get("scale") instanceof Map<?, ?> scale)) {
      return null;
    }
    String selector = Documents.text(scale, "labelSelectorPath");
    return new ScaleSubresource(Documents.text(scale, "specReplicasPath"), Documents.text(scale, "statusReplicasPath"),
        selector == null || selector.isEmpty() ? null : selector, SelectorForm.TEXT);
  }

  /**
   * The checks of a CRD's {@code subresources.scale} (ValidateCustomResourceDefinitionSubresources
   * and validateSimpleJSONPath in k8s.io/apiextensions-apiserver pkg/apis/apiextensions/validation):
   * both replica paths are required, simple JSON paths, under {@code .spec.} and {@code .status.}
   * respectively; a selector path under either. {@code path} is where the subresources are named.
   */
  static List<FieldError> declarationErrors(Map<?, ?> scale, String path) {
    List<FieldError> errors = new ArrayList<>();
    under(Documents.text(scale, "specReplicasPath"), path + ".scale.specReplicasPath", true, errors, ".spec.");
    under(Documents.text(scale, "statusReplicasPath"), path + ".scale.statusReplicasPath", true, errors, ".status.");
    under(Documents.text(scale, "labelSelectorPath"), path + ".scale.labelSelectorPath", false, errors,
        ".spec.", ".status.");
    return errors;
  }

  private static void under(String value, String field, boolean required, List<FieldError> errors, String... prefixes) {
    if (value == null || value.isEmpty()) {
      if (required) {
        errors.add(FieldError.required(field, ""));
      }
      return;
    }
    if (value.charAt(0) != '.') {
      errors.add(FieldError.invalid(field, value, "must be a simple json path starting with ."));
      return;
    }
    for (String prefix : prefixes) {
      if (value.startsWith(prefix)) {
        return;
      }
    }
    errors.add(FieldError.invalid(field, value, prefixes.length == 1 ? "should be a json path under " + prefixes[0]
        .substring(0, prefixes[0].length() - 1) : "should be a json path under either .spec or .status"));
  }

  /**
   * The checks of a custom resource's replica fields on every write when its CRD has /scale
   * (customResourceValidator.ValidateScaleSpec and ValidateScaleStatus in
   * k8s.io/apiextensions-apiserver pkg/registry/customresource/validator.go): integers, not
   * negative, within int32; the errors name the JSON path as declared.
   */
  List<FieldError> replicaErrors(Map<String, Object> document) {
    List<FieldError> errors = new ArrayList<>();
    for (String path : List.of(specReplicasPath, statusReplicasPath)) {
      Object value = at(document, path);
      if (value == null) {
        continue;
      }
      if (!isInteger(value)) {
        errors.add(FieldError.invalid(path, null, "0: " + accessorError(path, value)));
      } else if (((Number) value).longValue() < 0) {
        errors.add(FieldError.invalid(path, null, value + ": should be a non-negative integer"));
      } else if (((Number) value).longValue() > Integer.MAX_VALUE) {
        errors.add(FieldError.invalid(path, null, value + ": should be less than or equal to " + Integer.MAX_VALUE));
      }
    }
    return errors;
  }

  /** Returns true when the object keeps its desired replicas (a custom resource may not). */
  boolean hasSpecReplicas(Map<String, Object> document) {
    return at(document, specReplicasPath) != null;
  }

  /**
   * Returns the Scale of {@code parent}: its name, namespace, uid, resourceVersion and
   * creationTimestamp, desired and observed replicas (0 when unset) and its selector's text.
   *
   * @throws IllegalArgumentException when a replica or selector field holds a value of another type
   */
  Map<String, Object> scaleOf(Map<String, Object> parent) {
    Map<String, Object> parentMetadata = Documents.childOrEmpty(parent, "metadata");
    Map<String, Object> metadata = new LinkedHashMap<>();
    for (String field : List.of("name", "namespace", "uid", "resourceVersion", "creationTimestamp")) {
      if (parentMetadata.get(field) != null) {
        metadata.put(field, parentMetadata.get(field));
      }
    }
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("replicas", replicas(parent, statusReplicasPath));
    String selector = selector(parent);
    if (!selector.isEmpty()) {
      status.put("selector", selector);
    }
    Map<String, Object> scale = new LinkedHashMap<>();
    scale.put("kind", SCALE.kind());
    scale.put("apiVersion", SCALE.apiVersion());
    scale.put("metadata", metadata);
    scale.put("spec", Map.of("replicas", replicas(parent, specReplicasPath)));
    scale.put("status", status);
    return scale;
  }

  /** Returns a copy of {@code parent} with {@code replicas} as its desired replicas (the path made as needed). */
  Map<String, Object> withReplicas(Map<String, Object> parent, long replicas) {
    Map<String, Object> changed = Documents.copy(parent);
    String[] fields = specReplicasPath.substring(1).split("\\.");
    Map<String, Object> map = changed;
    for (int i = 0; i < fields.length - 1; i++) {
      map = Documents.child(map, fields[i]);
    }
    map.put(fields[fields.length - 1], replicas);
    return changed;
  }

  private int replicas(Map<String, Object> parent, String path) {
    Object value = at(parent, path);
    if (value == null) {
      return 0;
    }
    if (!isInteger(value)) {
      throw new IllegalArgumentException(accessorError(path, value));
    }
    return ((Number) value).intValue();
  }

  private String selector(Map<String, Object> parent) {
    Object value = labelSelectorPath == null ? null : at(parent, labelSelectorPath);
    if (value == null) {
      return "";
    }
    return switch (selectorForm) {
      case TEXT -> {
        if (!(value instanceof String text)) {
          throw new IllegalArgumentException(labelSelectorPath + " accessor error: " + value + " is of the type "
              + goType(value) + ", expected string");
        }
        yield text;
      }
      case LABELS -> LabelSelector.matchingLabels(strings(value)).toString();
      case LABEL_SELECTOR -> labelSelectorText((Map<?, ?>) value);
    };
  }

  /** metav1.LabelSelectorAsSelector(selector).String(): the requirements sorted by key. */
  private static String labelSelectorText(Map<?, ?> selector) {
    List<LabelRequirement> requirements = new ArrayList<>();
    strings(selector.get("matchLabels")).forEach((key, value) ->
        requirements.add(LabelRequirement.of(key, LabelOperator.EQUALS, value)));
    for (Map<String, Object> expression : DefaultedFields.items(selector, "matchExpressions")) {
      String[] values = Documents.strings(expression, "values").toArray(String[]::new);
      LabelOperator operator = switch (String.valueOf(expression.get("operator"))) {
        case "In" -> LabelOperator.IN;
        case "NotIn" -> LabelOperator.NOT_IN;
        case "Exists" -> LabelOperator.EXISTS;
        default -> LabelOperator.DOES_NOT_EXIST;
      };
      requirements.add(LabelRequirement.of(Documents.text(expression, "key"), operator, values));
    }
    return LabelSelector.of(requirements).toString();
  }

  private static Map<String, String> strings(Object value) {
    Map<String, String> labels = new LinkedHashMap<>();
    if (value instanceof Map<?, ?> map) {
      map.forEach((key, text) -> labels.put(String.valueOf(key), String.valueOf(text)));
    }
    return labels;
  }

  private static Object at(Map<String, Object> document, String path) {
    Object value = document;
    for (String field : path.substring(1).split("\\.")) {
      if (!(value instanceof Map<?, ?> map)) {
        return null;
      }
      value = map.get(field);
    }
    return value;
  }

  private static boolean isInteger(Object value) {
    return value instanceof Integer || value instanceof Long || value instanceof java.math.BigInteger;
  }

  /** unstructured.NestedInt64's error for a value of another type. */
  private static String accessorError(String path, Object value) {
    return path + " accessor error: " + value + " is of the type " + goType(value) + ", expected int64";
  }

  private static String goType(Object value) {
    if (value instanceof String) {
      return "string";
    }
    if (value instanceof Boolean) {
      return "bool";
    }
    if (value instanceof Number) {
      return "float64";
    }
    return value instanceof List<?> ? "[]interface {}" : "map[string]interface {}";
  }
}

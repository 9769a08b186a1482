package io.informer4j.kubernetes.testserver;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Label selectors as metav1.LabelSelectorAsSelector reads them (k8s.io/apimachinery/pkg/apis/meta/v1/helpers.go):
 * every {@code matchLabels} pair and every {@code matchExpressions} requirement (In, NotIn, Exists,
 * DoesNotExist) must hold; and their syntax as ValidateLabelSelector checks it
 * (k8s.io/apimachinery/pkg/apis/meta/v1/validation/validation.go). Stateless.
 */
final class LabelSelectors {

  private LabelSelectors() {
  }

  /** Returns true when the selector has neither labels nor expressions (it selects everything). */
  static boolean isEmpty(Map<?, ?> selector) {
    return Documents.childOrEmpty(selector, "matchLabels").isEmpty()
        && !(selector.get("matchExpressions") instanceof List<?> list && !list.isEmpty());
  }

  /**
   * Returns the syntax errors of the selector at {@code path}: label keys and values of
   * {@code matchLabels}; per requirement of {@code matchExpressions} a known operator, values
   * with In and NotIn and none with Exists and DoesNotExist, a valid key and valid values.
   */
  static List<FieldError> errors(Map<?, ?> selector, String path) {
    List<FieldError> errors = new ArrayList<>();
    Documents.childOrEmpty(selector, "matchLabels").forEach((key, value) -> {
      QualifiedNames.keyErrors(key).forEach(detail -> errors.add(FieldError.invalid(path + ".matchLabels", key, detail)));
      String text = String.valueOf(value);
      QualifiedNames.labelValueErrors(text)
          .forEach(detail -> errors.add(FieldError.invalid(path + ".matchLabels", text, detail)));
    });
    List<Map<String, Object>> requirements = DefaultedFields.items(selector, "matchExpressions");
    for (int i = 0; i < requirements.size(); i++) {
      Map<String, Object> requirement = requirements.get(i);
      String requirementPath = path + ".matchExpressions[" + i + "]";
      List<String> values = Documents.strings(requirement, "values");
      String operator = String.valueOf(requirement.get("operator"));
      switch (operator) {
        case "In", "NotIn" -> {
          if (values.isEmpty()) {
            errors.add(FieldError.required(requirementPath + ".values",
                "must be specified when `operator` is 'In' or 'NotIn'"));
          }
        }
        case "Exists", "DoesNotExist" -> {
          if (!values.isEmpty()) {
            errors.add(FieldError.forbidden(requirementPath + ".values",
                "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
          }
        }
        default -> errors.add(FieldError.invalid(requirementPath + ".operator",
            requirement.get("operator") == null ? "" : operator, "not a valid selector operator"));
      }
      String key = Documents.text(requirement, "key");
      String shownKey = key == null ? "" : key;
      QualifiedNames.keyErrors(shownKey)
          .forEach(detail -> errors.add(FieldError.invalid(requirementPath + ".key", shownKey, detail)));
      for (int v = 0; v < values.size(); v++) {
        String value = values.get(v);
        String valuePath = requirementPath + ".values[" + v + "]";
        QualifiedNames.labelValueErrors(value).forEach(detail -> errors.add(FieldError.invalid(valuePath, value, detail)));
      }
    }
    return errors;
  }

  /** Returns true when {@code labels} satisfy {@code selector}. */
  static boolean matches(Map<?, ?> selector, Map<?, ?> labels) {
    for (Map.Entry<String, Object> required : Documents.childOrEmpty(selector, "matchLabels").entrySet()) {
      if (!String.valueOf(required.getValue()).equals(labels.get(required.getKey()))) {
        return false;
      }
    }
    for (Map<String, Object> requirement : DefaultedFields.items(selector, "matchExpressions")) {
      Object value = labels.get(Documents.text(requirement, "key"));
      List<String> values = Documents.strings(requirement, "values");
      boolean holds = switch (String.valueOf(requirement.get("operator"))) {
        case "In" -> value != null && values.contains(value);
        case "NotIn" -> value == null || !values.contains(value);
        case "Exists" -> value != null;
        case "DoesNotExist" -> value == null;
        default -> false;
      };
      if (!holds) {
        return false;
      }
    }
    return true;
  }
}

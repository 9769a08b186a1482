package io.informer4j.kubernetes.testserver;

import java.util.List;
import java.util.Map;

/**
 * Label selectors as metav1.LabelSelectorAsSelector reads them (k8s.io/apimachinery/pkg/apis/meta/v1/helpers.go):
 * every {@code matchLabels} pair and every {@code matchExpressions} requirement (In, NotIn, Exists,
 * DoesNotExist) must hold. Stateless.
 */
final class LabelSelectors {

  private LabelSelectors() {
  }

  /** Returns true when the selector has neither labels nor expressions (it selects everything). */
  static boolean isEmpty(Map<?, ?> selector) {
    return Documents.childOrEmpty(selector, "matchLabels").isEmpty()
        && !(selector.get("matchExpressions") instanceof List<?> list && !list.isEmpty());
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

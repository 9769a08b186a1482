package io.informer4j.kubernetes.testserver;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Values written as the API server's validation messages show them: Go's {@code %#v} of the
 * internal types, as apimachinery's {@code field.Error} prints a value that is neither a string nor a
 * number (k8s.io/apimachinery/pkg/util/validation/field/errors.go). Stateless.
 */
final class GoValues {

  private GoValues() {
  }

  /** {@code []string{"a", "b"}}. */
  static String strings(List<String> values) {
    return "[]string{" + values.stream().map(JsonValues::quote).collect(Collectors.joining(", ")) + "}";
  }

  /** {@code map[string]string{"a":"b", "c":"d"}} (keys sorted, as Go prints maps); {@code map[string]string(nil)} for none. */
  static String stringMap(Map<?, ?> map) {
    if (map == null) {
      return "map[string]string(nil)";
    }
    TreeMap<String, String> sorted = new TreeMap<>();
    map.forEach((key, value) -> sorted.put(String.valueOf(key), String.valueOf(value)));
    return "map[string]string{" + sorted.entrySet().stream()
        .map(e -> JsonValues.quote(e.getKey()) + ":" + JsonValues.quote(e.getValue())).collect(Collectors.joining(", ")) + "}";
  }

  /**
   * A label selector as metav1.LabelSelector prints: {@code v1.LabelSelector{MatchLabels:map[string]string{…},
   * MatchExpressions:[]v1.LabelSelectorRequirement(nil)}}.
   */
  static String labelSelector(Map<?, ?> selector) {
    Map<?, ?> matchLabels = selector.get("matchLabels") instanceof Map<?, ?> labels ? labels : null;
    String expressions = "[]v1.LabelSelectorRequirement(nil)";
    if (selector.get("matchExpressions") instanceof List<?> list) {
      expressions = "[]v1.LabelSelectorRequirement{" + list.stream()
          .map(item -> requirement(item instanceof Map<?, ?> map ? map : Map.of()))
          .collect(Collectors.joining(", ")) + "}";
    }
    return "v1.LabelSelector{MatchLabels:" + stringMap(matchLabels) + ", MatchExpressions:" + expressions + "}";
  }

  private static String requirement(Map<?, ?> requirement) {
    Object values = requirement.get("values");
    String shown = values instanceof List<?> list
        ? strings(list.stream().map(String::valueOf).toList()) : "[]string(nil)";
    return "v1.LabelSelectorRequirement{Key:" + JsonValues.quote(String.valueOf(requirement.get("key")))
        + ", Operator:" + JsonValues.quote(String.valueOf(requirement.get("operator"))) + ", Values:" + shown + "}";
  }
}

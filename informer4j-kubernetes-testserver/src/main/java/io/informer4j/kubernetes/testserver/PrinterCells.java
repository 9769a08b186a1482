package io.informer4j.kubernetes.testserver;

import static io.informer4j.kubernetes.testserver.DefaultedFields.items;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Reading a JSON document the way the API server's printers read the typed object: an absent field
 * is its zero value (0, {@code ""}, an empty map or list), and the cell formats those printers share
 * (k8s.io/kubernetes pkg/printers/internalversion/printers.go {@code layoutContainerCells},
 * k8s.io/apimachinery {@code labels.FormatLabels}, {@code metav1.FormatLabelSelector}). Stateless.
 */
final class PrinterCells {

  private PrinterCells() {
  }

  /** Returns the map at the end of {@code path}, or an empty map. */
  static Map<String, Object> at(Map<?, ?> document, String first, String... rest) {
    Map<String, Object> current = Documents.childOrEmpty(document, first);
    for (String key : rest) {
      current = Documents.childOrEmpty(current, key);
    }
    return current;
  }

  /** Returns the text at {@code key}, {@code ""} when absent. */
  static String text(Map<?, ?> map, String key) {
    String text = Documents.text(map, key);
    return text == null ? "" : text;
  }

  /** Returns the whole number at {@code key}, 0 when absent or not a number. */
  static long count(Map<?, ?> map, String key) {
    return map.get(key) instanceof Number number ? number.longValue() : 0;
  }

  /** Returns the size of the map or list at {@code key}, 0 when absent. */
  static long size(Map<?, ?> map, String key) {
    Object value = map.get(key);
    return value instanceof Map<?, ?> m ? m.size() : value instanceof List<?> l ? l.size() : 0;
  }

  /** Returns {@code layoutContainerCells}: the containers' names and images, each joined by commas. */
  static List<Object> containersAndImages(Map<?, ?> podSpec) {
    List<Map<String, Object>> containers = items(podSpec, "containers");
    return List.of(containers.stream().map(c -> text(c, "name")).collect(Collectors.joining(",")),
        containers.stream().map(c -> text(c, "image")).collect(Collectors.joining(",")));
  }

  /** Returns {@code labels.FormatLabels}: {@code k=v,…} sorted by key, {@code <none>} when empty. */
  static String labels(Map<?, ?> labels) {
    String joined = new TreeMap<>(labels).entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(","));
    return joined.isEmpty() ? "<none>" : joined;
  }

  /**
   * Returns {@code metav1.FormatLabelSelector}: {@link #selector}, {@code <none>} when it selects by
   * nothing, {@code <error>} when an operator is unknown.
   */
  static String formatSelector(Map<?, ?> selector) {
    String text = selector(selector);
    return text == null ? "<error>" : text.isEmpty() ? "<none>" : text;
  }

  /**
   * Returns the {@code String()} of {@code metav1.LabelSelectorAsSelector}: one requirement per
   * label and expression, sorted by key ({@code a=b}, {@code a in (x,y)}, {@code a notin (x)},
   * {@code a}, {@code !a}); {@code ""} for none, null when an operator is unknown (the conversion's error).
   */
  static String selector(Map<?, ?> selector) {
    TreeMap<String, List<String>> byKey = new TreeMap<>();
    Documents.childOrEmpty(selector, "matchLabels").forEach((key, value) ->
        byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(key + "=" + value));
    for (Map<String, Object> expression : items(selector, "matchExpressions")) {
      String key = text(expression, "key");
      String values = String.join(",", new TreeSet<>(Documents.strings(expression, "values")));
      String requirement = switch (text(expression, "operator")) {
        case "In" -> key + " in (" + values + ")";
        case "NotIn" -> key + " notin (" + values + ")";
        case "Exists" -> key;
        case "DoesNotExist" -> "!" + key;
        default -> null;
      };
      if (requirement == null) {
        return null;
      }
      byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(requirement);
    }
    return byKey.values().stream().flatMap(List::stream).collect(Collectors.joining(","));
  }
}

package io.informer4j.kubernetes.testserver;

import java.util.Map;

/**
 * A validation rule's {@code fieldPath}, read as the apiextensions-apiserver reads it
 * (pkg/apiserver/schema/cel/validation.go, ValidFieldPath): a relative JSON path of fields
 * ({@code .spec.replicas}) and quoted names ({@code ['a.b']}) that must lead to a property (or,
 * under {@code additionalProperties}, a map key) of the rule's schema, written back as a field
 * path ({@code spec.replicas}, {@code labels[a.b]}). Stateless.
 */
final class CelFieldPaths {

  private CelFieldPaths() {
  }

  /**
   * Returns {@code jsonPath} as a field path under {@code schema}.
   *
   * @throws IllegalArgumentException with the API server's reason when it is not a valid path there
   */
  static String normalize(String jsonPath, Map<?, ?> schema) {
    StringBuilder path = new StringBuilder();
    Map<?, ?> node = schema;
    int i = 0;
    while (i < jsonPath.length()) {
      char c = jsonPath.charAt(i);
      String name;
      if (c == '.') {
        int end = i + 1;
        while (end < jsonPath.length() && ".[]".indexOf(jsonPath.charAt(end)) < 0) {
          end++;
        }
        if (end == i + 1) {
          throw new IllegalArgumentException("unexpected end of JSON path");
        }
        name = jsonPath.substring(i + 1, end);
        i = end;
      } else if (c == '[') {
        int close = closingQuote(jsonPath, i + 1);
        name = jsonPath.substring(i + 2, close).replace("\\'", "'").replace("\\\\", "\\");
        if (close + 1 >= jsonPath.length() || jsonPath.charAt(close + 1) != ']') {
          throw new IllegalArgumentException("expected ] but got " + (close + 1 < jsonPath.length()
              ? jsonPath.substring(close + 1) : "the end of the path"));
        }
        i = close + 2;
      } else {
        throw new IllegalArgumentException("expected [ or . but got: " + jsonPath.substring(i));
      }
      node = step(node, name, path);
    }
    return path.toString();
  }

  private static int closingQuote(String jsonPath, int start) {
    if (start >= jsonPath.length() || jsonPath.charAt(start) != '\'') {
      throw new IllegalArgumentException("expected single quoted string but got " + jsonPath.substring(start));
    }
    for (int i = start + 1; i < jsonPath.length(); i++) {
      if (jsonPath.charAt(i) == '\'' && jsonPath.charAt(i - 1) != '\\') {
        return i;
      }
    }
    throw new IllegalArgumentException("unexpected end of JSON path");
  }

  private static Map<?, ?> step(Map<?, ?> node, String name, StringBuilder path) {
    if (node != null && node.get("properties") instanceof Map<?, ?> properties) {
      if (!(properties.get(name) instanceof Map<?, ?> child)) {
        throw new IllegalArgumentException("does not refer to a valid field");
      }
      path.append(path.isEmpty() ? "" : ".").append(name);
      return child;
    }
    if (node != null && node.get("additionalProperties") instanceof Map<?, ?> values) {
      path.append('[').append(name).append(']');
      return values;
    }
    throw new IllegalArgumentException("does not refer to a valid field");
  }
}

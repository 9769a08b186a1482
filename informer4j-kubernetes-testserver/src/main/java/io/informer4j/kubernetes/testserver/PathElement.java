package io.informer4j.kubernetes.testserver;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One step of a field path in an object, as structured-merge-diff names them: a field of a map
 * ({@code .name}), an item of an associative list by its key fields ({@code [name="web"]}), an item
 * of a set by its value ({@code [="a"]}), or an item of a list by its index ({@code [0]}). Elements
 * are ordered field, key, value, index, then by content, the order fieldsV1 lists them in. Each
 * has its fieldsV1 form ({@code f:name}, {@code k:{"name":"web"}}, {@code v:"a"}, {@code i:0},
 * {@link #serialized()}) and its printed form in messages ({@link #toString()}). Immutable.
 */
sealed interface PathElement extends Comparable<PathElement> {

  /** Orders elements as the class comment says. */
  Comparator<PathElement> ORDER = Comparator.comparingInt(PathElement::rank).thenComparing(PathElement::compareContent);

  /** Returns the fieldsV1 key of this element. */
  String serialized();

  /** Returns the rank of the element's kind in {@link #ORDER}. */
  int rank();

  /** Compares the content of two elements of the same kind. */
  int compareContent(PathElement other);

  @Override
  default int compareTo(PathElement other) {
    return ORDER.compare(this, other);
  }

  /** Returns a path as structured-merge-diff prints it: {@code .spec.containers[name="web"].image}. */
  static String describe(List<PathElement> path) {
    StringBuilder text = new StringBuilder();
    path.forEach(element -> text.append(element));
    return text.toString();
  }

  /**
   * Reads a fieldsV1 key ({@code f:}, {@code k:}, {@code v:} or {@code i:} and its content).
   *
   * @throws IllegalArgumentException if it is none of these
   */
  static PathElement parse(String serialized) {
    if (serialized.length() < 2 || serialized.charAt(1) != ':') {
      throw new IllegalArgumentException("a fieldsV1 key must start with f:, k:, v: or i:, found '" + serialized + "'");
    }
    String content = serialized.substring(2);
    return switch (serialized.charAt(0)) {
      case 'f' -> new Field(content);
      case 'v' -> new Value(HttpBodies.MAPPER.readValue(content, Object.class));
      case 'i' -> new Index(Integer.parseInt(content));
      case 'k' -> {
        if (!(HttpBodies.MAPPER.readValue(content, Object.class) instanceof Map<?, ?> fields)) {
          throw new IllegalArgumentException("a k: key of fieldsV1 must be a JSON object, found '" + content + "'");
        }
        Map<String, Object> key = new LinkedHashMap<>();
        fields.forEach((name, value) -> key.put(String.valueOf(name), value));
        yield Key.of(key);
      }
      default -> throw new IllegalArgumentException("unknown fieldsV1 key kind in '" + serialized + "'");
    };
  }

  /** A field of a map. */
  record Field(String name) implements PathElement {
    public Field {
      Objects.requireNonNull(name, "name");
    }

    @Override
    public String serialized() {
      return "f:" + name;
    }

    @Override
    public int rank() {
      return 0;
    }

    @Override
    public int compareContent(PathElement other) {
      return name.compareTo(((Field) other).name);
    }

    @Override
    public String toString() {
      return "." + name;
    }
  }

  /** An item of an associative list, by its key fields (sorted by name). */
  record Key(List<Map.Entry<String, Object>> fields) implements PathElement {
    public Key {
      fields = List.copyOf(fields);
    }

    /** Returns the key of {@code fields}, sorted by name. */
    static Key of(Map<String, Object> fields) {
      List<Map.Entry<String, Object>> sorted = new ArrayList<>();
      fields.forEach((name, value) -> sorted.add(new java.util.AbstractMap.SimpleImmutableEntry<>(name, value)));
      sorted.sort(Map.Entry.comparingByKey());
      return new Key(sorted);
    }

    @Override
    public String serialized() {
      Map<String, Object> json = new LinkedHashMap<>();
      fields.forEach(field -> json.put(field.getKey(), field.getValue()));
      return "k:" + HttpBodies.MAPPER.writeValueAsString(json);
    }

    @Override
    public int rank() {
      return 1;
    }

    @Override
    public int compareContent(PathElement other) {
      List<Map.Entry<String, Object>> others = ((Key) other).fields;
      for (int i = 0; i < Math.min(fields.size(), others.size()); i++) {
        int c = fields.get(i).getKey().compareTo(others.get(i).getKey());
        if (c == 0) {
          c = JsonValues.compare(fields.get(i).getValue(), others.get(i).getValue());
        }
        if (c != 0) {
          return c;
        }
      }
      return Integer.compare(fields.size(), others.size());
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Key key && compareContent(key) == 0;
    }

    @Override
    public int hashCode() {
      return fields.stream().mapToInt(field -> field.getKey().hashCode()).sum();
    }

    @Override
    public String toString() {
      List<String> parts = new ArrayList<>();
      fields.forEach(field -> parts.add(field.getKey() + "=" + JsonValues.pathText(field.getValue())));
      return "[" + String.join(",", parts) + "]";
    }
  }

  /** An item of a set, by its value. */
  record Value(Object value) implements PathElement {
    @Override
    public String serialized() {
      return "v:" + HttpBodies.MAPPER.writeValueAsString(value);
    }

    @Override
    public int rank() {
      return 2;
    }

    @Override
    public int compareContent(PathElement other) {
      return JsonValues.compare(value, ((Value) other).value);
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Value v && compareContent(v) == 0;
    }

    @Override
    public int hashCode() {
      return value instanceof Number ? 0 : Objects.hashCode(value);
    }

    @Override
    public String toString() {
      return "[=" + JsonValues.pathText(value) + "]";
    }
  }

  /** An item of a list by its position (lists whose items have no identity). */
  record Index(int index) implements PathElement {
    @Override
    public String serialized() {
      return "i:" + index;
    }

    @Override
    public int rank() {
      return 3;
    }

    @Override
    public int compareContent(PathElement other) {
      return Integer.compare(index, ((Index) other).index);
    }

    @Override
    public String toString() {
      return "[" + index + "]";
    }
  }
}

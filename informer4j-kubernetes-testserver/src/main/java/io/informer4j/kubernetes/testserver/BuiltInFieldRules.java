package io.informer4j.kubernetes.testserver;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The OpenAPI extensions of built-in kinds that server-side apply reads — list types and their keys,
 * atomic maps and objects, and the object fields every object has — from the resource
 * {@value #RESOURCE} (facts of the Kubernetes API, for the types fabric8's model classes are named
 * after), added to the schemas {@link ModelSchemas} reads from the models. Stateless; the table is
 * read once.
 */
final class BuiltInFieldRules {

  static final String RESOURCE = "built-in-fields.txt";

  /** What the table says of one field. */
  private sealed interface Rule {
  }

  private record ListMap(Map<String, Object> keyDefaults, List<String> keys) implements Rule {
  }

  private record ListSet() implements Rule {
  }

  private record AtomicMap() implements Rule {
  }

  private record AlwaysPresent() implements Rule {
  }

  private static final Object NO_DEFAULT = new Object();
  private static final Map<String, Rule> FIELDS = new HashMap<>();
  private static final Set<String> ATOMIC_TYPES = new HashSet<>();

  static {
    try (InputStream in = BuiltInFieldRules.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the resource " + RESOURCE + " is missing");
      }
      new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines()
          .map(String::trim).filter(line -> !line.isEmpty() && !line.startsWith("#"))
          .forEach(BuiltInFieldRules::read);
    } catch (IOException e) {
      throw new UncheckedIOException("the resource " + RESOURCE + " could not be read", e);
    }
  }

  private BuiltInFieldRules() {
  }

  private static void read(String line) {
    String[] words = line.split("\\s+");
    String name = words[0];
    switch (words[1]) {
      case "atomic" -> {
        if (name.contains(".")) {
          FIELDS.put(name, new AtomicMap());
        } else {
          ATOMIC_TYPES.add(name);
        }
      }
      case "list-set" -> FIELDS.put(name, new ListSet());
      case "always-present" -> FIELDS.put(name, new AlwaysPresent());
      case "list-map" -> {
        Map<String, Object> defaults = new LinkedHashMap<>();
        for (int i = 2; i < words.length; i++) {
          int equals = words[i].indexOf('=');
          defaults.put(equals < 0 ? words[i] : words[i].substring(0, equals),
              equals < 0 ? NO_DEFAULT : HttpBodies.MAPPER.readValue(words[i].substring(equals + 1), Object.class));
        }
        FIELDS.put(name, new ListMap(defaults, List.copyOf(defaults.keySet())));
      }
      default -> throw new IllegalStateException("unknown rule in " + RESOURCE + ": " + line);
    }
  }

  /** Returns true when objects of the type named {@code typeName} are replaced as a whole. */
  static boolean isAtomic(String typeName) {
    return ATOMIC_TYPES.contains(typeName);
  }

  /**
   * Returns the schema of field {@code field} of type {@code typeName} with the table's extensions
   * added: the list type and keys (with the key fields' defaults on the items' schema), the map
   * type, or {@code default: {}}; the schema itself when the table says nothing of the field.
   */
  static Map<String, Object> decorate(String typeName, String field, Map<String, Object> schema) {
    Rule rule = FIELDS.get(typeName + "." + field);
    if (rule == null) {
      return schema;
    }
    Map<String, Object> decorated = new LinkedHashMap<>(schema);
    if (rule instanceof ListSet) {
      decorated.put("x-kubernetes-list-type", "set");
    } else if (rule instanceof AtomicMap) {
      decorated.put("x-kubernetes-map-type", "atomic");
    } else if (rule instanceof AlwaysPresent) {
      decorated.put("default", Map.of());
    } else if (rule instanceof ListMap map) {
      decorated.put("x-kubernetes-list-type", "map");
      decorated.put("x-kubernetes-list-map-keys", map.keys());
      if (schema.get("items") instanceof Map<?, ?> items) {
        decorated.put("items", withKeyDefaults(items, map.keyDefaults()));
      }
    }
    return decorated;
  }

  private static Map<String, Object> withKeyDefaults(Map<?, ?> items, Map<String, Object> keyDefaults) {
    Map<String, Object> copy = new LinkedHashMap<>();
    items.forEach((key, value) -> copy.put(String.valueOf(key), value));
    Map<String, Object> properties = new LinkedHashMap<>();
    Documents.childOrEmpty(items, "properties").forEach(properties::put);
    keyDefaults.forEach((key, value) -> {
      if (value != NO_DEFAULT && properties.get(key) instanceof Map<?, ?> property) {
        Map<String, Object> withDefault = new LinkedHashMap<>();
        property.forEach((name, content) -> withDefault.put(String.valueOf(name), content));
        withDefault.put("default", value);
        properties.put(key, withDefault);
      }
    });
    copy.put("properties", properties);
    return copy;
  }
}

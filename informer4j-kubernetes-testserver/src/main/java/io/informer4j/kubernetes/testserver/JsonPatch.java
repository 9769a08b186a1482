package io.informer4j.kubernetes.testserver;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * JSON patch (RFC 6902), as the API server applies {@code application/json-patch+json} (it uses
 * evanphx/json-patch): a list of {@code add}, {@code remove}, {@code replace}, {@code move},
 * {@code copy} and {@code test} operations on JSON pointers (RFC 6901, {@code ~0} and {@code ~1}
 * escapes, {@code -} appends to a list). A failing operation is an {@link IllegalArgumentException}
 * (the API server answers 422 for a patch that cannot be applied). Stateless.
 */
final class JsonPatch {

  static final String CONTENT_TYPE = "application/json-patch+json";

  private JsonPatch() {
  }

  /**
   * Returns {@code target} with {@code operations} applied; {@code target} is not changed.
   *
   * @throws IllegalArgumentException if the patch is not a list of operations or one of them fails
   */
  static Object apply(Object target, Object operations) {
    if (!(operations instanceof List<?> list)) {
      throw new IllegalArgumentException("a JSON patch must be a list of operations");
    }
    Object document = Documents.copy(target);
    for (Object entry : list) {
      if (!(entry instanceof Map<?, ?> operation) || !(operation.get("op") instanceof String op)
          || !(operation.get("path") instanceof String path)) {
        throw new IllegalArgumentException("a JSON patch operation needs an op and a path: " + entry);
      }
      document = switch (op) {
        case "add" -> add(document, pointer(path), Documents.copy(valueOf(operation)));
        case "remove" -> remove(document, pointer(path));
        case "replace" -> add(remove(document, pointer(path)), pointer(path), Documents.copy(valueOf(operation)));
        case "move" -> {
          List<String> from = pointer(from(operation));
          Object value = get(document, from);
          yield add(remove(document, from), pointer(path), value);
        }
        case "copy" -> add(document, pointer(path), Documents.copy(get(document, pointer(from(operation)))));
        case "test" -> {
          if (!Objects.equals(normalized(get(document, pointer(path))), normalized(valueOf(operation)))) {
            throw new IllegalArgumentException("testing value " + path + " failed");
          }
          yield document;
        }
        default -> throw new IllegalArgumentException("unexpected kind of JSON patch operation: " + op);
      };
    }
    return document;
  }

  private static Object valueOf(Map<?, ?> operation) {
    if (!operation.containsKey("value")) {
      throw new IllegalArgumentException("the " + operation.get("op") + " operation needs a value");
    }
    return operation.get("value");
  }

  private static String from(Map<?, ?> operation) {
    if (operation.get("from") instanceof String from) {
      return from;
    }
    throw new IllegalArgumentException("the " + operation.get("op") + " operation needs a from");
  }

  private static Object normalized(Object value) {
    return value instanceof Number number ? number.doubleValue() : value;
  }

  private static List<String> pointer(String path) {
    if (path.isEmpty()) {
      return List.of();
    }
    if (!path.startsWith("/")) {
      throw new IllegalArgumentException("a JSON pointer starts with '/': " + path);
    }
    List<String> tokens = new ArrayList<>();
    for (String token : path.substring(1).split("/", -1)) {
      tokens.add(token.replace("~1", "/").replace("~0", "~"));
    }
    return tokens;
  }

  private static Object get(Object document, List<String> pointer) {
    Object current = document;
    for (String token : pointer) {
      if (current instanceof Map<?, ?> map && map.containsKey(token)) {
        current = map.get(token);
      } else if (current instanceof List<?> list && index(token, list.size() - 1) >= 0) {
        current = list.get(index(token, list.size() - 1));
      } else {
        throw new IllegalArgumentException("the path /" + String.join("/", pointer) + " does not exist");
      }
    }
    return current;
  }

  @SuppressWarnings("unchecked")
  private static Object add(Object document, List<String> pointer, Object value) {
    if (pointer.isEmpty()) {
      return value;
    }
    Object parent = get(document, pointer.subList(0, pointer.size() - 1));
    String last = pointer.get(pointer.size() - 1);
    if (parent instanceof Map<?, ?> map) {
      ((Map<String, Object>) map).put(last, value);
    } else if (parent instanceof List<?> list) {
      int at = "-".equals(last) ? list.size() : index(last, list.size());
      if (at < 0) {
        throw new IllegalArgumentException("the index " + last + " is out of bounds");
      }
      ((List<Object>) list).add(at, value);
    } else {
      throw new IllegalArgumentException("the parent of " + last + " is not an object or a list");
    }
    return document;
  }

  private static Object remove(Object document, List<String> pointer) {
    if (pointer.isEmpty()) {
      throw new IllegalArgumentException("the whole document cannot be removed");
    }
    Object parent = get(document, pointer.subList(0, pointer.size() - 1));
    String last = pointer.get(pointer.size() - 1);
    if (parent instanceof Map<?, ?> map && map.containsKey(last)) {
      map.remove(last);
    } else if (parent instanceof List<?> list && index(last, list.size() - 1) >= 0) {
      list.remove(index(last, list.size() - 1));
    } else {
      throw new IllegalArgumentException("the path /" + String.join("/", pointer) + " does not exist");
    }
    return document;
  }

  /** Returns the list index {@code token} names when it is within [0, max], else -1. */
  private static int index(String token, int max) {
    if (!token.matches("0|[1-9][0-9]{0,8}")) {
      return -1;
    }
    int index = Integer.parseInt(token);
    return index <= max ? index : -1;
  }
}

package io.informer4j.kubernetes.testserver;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * OpenAPI v3 schemas of built-in types, read from their fabric8 model classes: each field with a
 * {@code @JsonProperty} is a property; strings, booleans, numbers, lists ({@code items}) and maps
 * ({@code additionalProperties}) get their types; classes written in a form of their own (a custom
 * Jackson serializer: IntOrString, Quantity, MicroTime, …), {@code Object} and a class nested in
 * itself accept any value. The schemas name the fields a kind has, so the server can report unknown
 * ones (as the API server's strict decoding does, with the same paths) and kubectl can explain
 * them; they state no formats, enums or required fields. The list types, list keys, atomic maps and
 * objects server-side apply needs come from {@link BuiltInFieldRules}, by the model's class name.
 * Thread-safe; schemas are cached per class.
 */
final class ModelSchemas {

  private static final Map<Class<?>, Map<String, Object>> CACHE = new ConcurrentHashMap<>();
  private static final Map<String, Object> ANY = Map.of("x-kubernetes-preserve-unknown-fields", true);

  private ModelSchemas() {
  }

  /** Returns the schema of the objects of {@code modelClass}. */
  static Map<String, Object> of(Class<?> modelClass) {
    return CACHE.computeIfAbsent(modelClass, c -> object(c, new HashSet<>()));
  }

  private static Map<String, Object> schema(Type type, Set<Class<?>> enclosing) {
    Class<?> raw = raw(type);
    if (CharSequence.class.isAssignableFrom(raw) || raw.isEnum()) {
      return Map.of("type", "string");
    }
    if (raw == Boolean.class || raw == boolean.class) {
      return Map.of("type", "boolean");
    }
    if (raw == Integer.class || raw == Long.class || raw == Short.class || raw == int.class || raw == long.class) {
      return Map.of("type", "integer");
    }
    if (Number.class.isAssignableFrom(raw) || raw == double.class || raw == float.class) {
      return Map.of("type", "number");
    }
    if (Collection.class.isAssignableFrom(raw)) {
      return Map.of("type", "array", "items", schema(argument(type, 0), enclosing));
    }
    if (Map.class.isAssignableFrom(raw)) {
      return Map.of("type", "object", "additionalProperties", schema(argument(type, 1), enclosing));
    }
    if (raw == Object.class || enclosing.contains(raw) || ownForm(raw) || properties(raw).isEmpty()) {
      return ANY;
    }
    return object(raw, enclosing);
  }

  private static Map<String, Object> object(Class<?> type, Set<Class<?>> enclosing) {
    Set<Class<?>> inner = new HashSet<>(enclosing);
    inner.add(type);
    Map<String, Object> properties = new LinkedHashMap<>();
    properties(type).forEach((name, field) -> properties.put(name,
        BuiltInFieldRules.decorate(type.getSimpleName(), name, schema(field.getGenericType(), inner))));
    if (BuiltInFieldRules.isAtomic(type.getSimpleName())) {
      return Map.of("type", "object", "properties", properties, "x-kubernetes-map-type", "atomic");
    }
    return Map.of("type", "object", "properties", properties);
  }

  private static Map<String, Field> properties(Class<?> type) {
    Map<String, Field> properties = new LinkedHashMap<>();
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Field field : c.getDeclaredFields()) {
        JsonProperty property = field.getAnnotation(JsonProperty.class);
        if (property != null && !property.value().isEmpty()) {
          properties.putIfAbsent(property.value(), field);
        }
      }
    }
    return properties;
  }

  /** Returns true when the class, or a superclass, is written by a serializer of its own. */
  private static boolean ownForm(Class<?> type) {
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Annotation annotation : c.getAnnotations()) {
        String name = annotation.annotationType().getSimpleName();
        if ((name.equals("JsonSerialize") || name.equals("JsonDeserialize")) && customUsing(annotation)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean customUsing(Annotation annotation) {
    try {
      Method using = annotation.annotationType().getMethod("using");
      return !((Class<?>) using.invoke(annotation)).getSimpleName().equals("None");
    } catch (ReflectiveOperationException e) {
      return false;
    }
  }

  private static Class<?> raw(Type type) {
    if (type instanceof Class<?> c) {
      return c;
    }
    if (type instanceof ParameterizedType p) {
      return raw(p.getRawType());
    }
    return Object.class;
  }

  private static Type argument(Type type, int index) {
    if (type instanceof ParameterizedType p && p.getActualTypeArguments().length > index) {
      return p.getActualTypeArguments()[index];
    }
    return Object.class;
  }
}

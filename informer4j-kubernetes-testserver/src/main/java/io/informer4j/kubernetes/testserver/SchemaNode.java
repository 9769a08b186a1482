package io.informer4j.kubernetes.testserver;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A node of an OpenAPI v3 schema as server-side apply reads it (after kube-openapi's conversion to
 * a structured-merge-diff schema): which fields an object declares, the schema of a field or of a
 * list's items, how a list merges ({@code x-kubernetes-list-type}: {@code atomic} by default,
 * {@code set}, or {@code map} by its {@code x-kubernetes-list-map-keys}, a key missing from an item
 * taking the key field's {@code default}), and whether a map is replaced as a whole
 * ({@code x-kubernetes-map-type: atomic}). Where the schema says nothing
 * ({@code x-kubernetes-preserve-unknown-fields}, no schema) the node is <em>deduced</em> from the
 * value, as structured-merge-diff's deduced type: maps merge field by field, lists are atomic.
 *
 * <p>A resource's root, and every {@code x-kubernetes-embedded-resource} object, has
 * {@code apiVersion} and {@code kind} strings and {@code metadata} of the ObjectMeta schema
 * (labels and annotations by key, finalizers as a set, owner references by uid), as the API
 * server's schema of every kind has. Immutable; the schema maps are read, never changed.
 */
final class SchemaNode {

  /** How a list's items are told apart when lists merge. */
  enum ListType {
    /** The list is replaced as a whole (the default). */
    ATOMIC,
    /** Scalar items, each its own identity. */
    SET,
    /** Object items identified by their key fields. */
    MAP
  }

  private static final SchemaNode DEDUCED = new SchemaNode(null, false);
  private static final SchemaNode STRING = new SchemaNode(Map.of("type", "string"), false);
  private static final List<String> RESOURCE_FIELDS = List.of("apiVersion", "kind", "metadata");

  private final Map<?, ?> schema;
  private final boolean resource;

  private SchemaNode(Map<?, ?> schema, boolean resource) {
    this.schema = schema;
    this.resource = resource;
  }

  /** Returns the node of a resource's schema (null: no schema at all, every field deduced). */
  static SchemaNode resource(Map<?, ?> schema) {
    return new SchemaNode(schema, true);
  }

  /** Returns the node of a schema (null: deduced). */
  static SchemaNode of(Map<?, ?> schema) {
    if (schema == null) {
      return DEDUCED;
    }
    return new SchemaNode(schema, Boolean.TRUE.equals(schema.get("x-kubernetes-embedded-resource")));
  }

  /** Returns the deduced node. */
  static SchemaNode deduced() {
    return DEDUCED;
  }

  /** Returns true when the schema says nothing of the value's shape. */
  boolean isDeduced() {
    return schema == null || schema.keySet().stream().allMatch(key -> key.equals("x-kubernetes-preserve-unknown-fields")
        || key.equals("x-kubernetes-embedded-resource") || key.equals("description"));
  }

  /** Returns the node of the item or field {@code element} leads to. */
  SchemaNode child(PathElement element) {
    return element instanceof PathElement.Field field ? field(field.name()) : items();
  }

  /** Returns the node of field {@code name} of an object (deduced when the schema does not know it). */
  SchemaNode field(String name) {
    if (resource && RESOURCE_FIELDS.contains(name)) {
      return name.equals("metadata") ? ObjectMetaSchema.NODE : STRING;
    }
    if (schema == null) {
      return DEDUCED;
    }
    if (schema.get("properties") instanceof Map<?, ?> properties && properties.get(name) instanceof Map<?, ?> declared) {
      return of(declared);
    }
    if (schema.get("additionalProperties") instanceof Map<?, ?> values) {
      return of(values);
    }
    return DEDUCED;
  }

  /** Returns true when {@code name} is a field the object's schema declares by name (a struct field). */
  boolean declares(String name) {
    if (resource && RESOURCE_FIELDS.contains(name)) {
      return true;
    }
    return schema != null && schema.get("properties") instanceof Map<?, ?> properties && properties.containsKey(name);
  }

  /**
   * Returns true when an object of this schema may hold field {@code name}: declared, or a key of a
   * map ({@code additionalProperties}), or kept as unknown ({@code x-kubernetes-preserve-unknown-fields}).
   */
  boolean accepts(String name) {
    if (declares(name) || isDeduced()) {
      return true;
    }
    Object additional = schema.get("additionalProperties");
    return additional instanceof Map<?, ?> || Boolean.TRUE.equals(additional)
        || Boolean.TRUE.equals(schema.get("x-kubernetes-preserve-unknown-fields"))
        || !(schema.get("properties") instanceof Map<?, ?>) && !"object".equals(schema.get("type"));
  }

  /** Returns the node of a list's items. */
  SchemaNode items() {
    return schema != null && schema.get("items") instanceof Map<?, ?> items ? of(items) : DEDUCED;
  }

  /** Returns how the list merges. */
  ListType listType() {
    Object type = schema == null ? null : schema.get("x-kubernetes-list-type");
    if ("set".equals(type)) {
      return ListType.SET;
    }
    return "map".equals(type) && !listKeys().isEmpty() ? ListType.MAP : ListType.ATOMIC;
  }

  /** Returns the key fields of a {@code map} list (empty for other lists). */
  List<String> listKeys() {
    return schema == null ? List.of() : Documents.strings(schema, "x-kubernetes-list-map-keys");
  }

  /** Returns the default of an item's key field {@code key}, if its schema has one. */
  Optional<Object> keyDefault(String key) {
    SchemaNode items = items();
    if (items.schema != null && items.schema.get("properties") instanceof Map<?, ?> properties
        && properties.get(key) instanceof Map<?, ?> field && field.containsKey("default")) {
      return Optional.ofNullable(field.get("default"));
    }
    return Optional.empty();
  }

  /** Returns true when a map of this schema is replaced as a whole ({@code x-kubernetes-map-type: atomic}). */
  boolean isAtomicMap() {
    return schema != null && "atomic".equals(schema.get("x-kubernetes-map-type"));
  }

  /** Returns the schema's {@code default} of field {@code name} when it is an object (for a new, empty object). */
  Optional<Map<?, ?>> objectDefault(String name) {
    if (schema != null && schema.get("properties") instanceof Map<?, ?> properties
        && properties.get(name) instanceof Map<?, ?> field && field.get("default") instanceof Map<?, ?> value) {
      return Optional.of(value);
    }
    return Optional.empty();
  }

  /** Returns the names of the fields the schema declares (besides a resource's own). */
  List<String> declaredFields() {
    if (schema != null && schema.get("properties") instanceof Map<?, ?> properties) {
      return properties.keySet().stream().map(String::valueOf).toList();
    }
    return List.of();
  }

  /** The ObjectMeta schema, from fabric8's model with the Kubernetes list types. */
  private static final class ObjectMetaSchema {
    static final SchemaNode NODE = of(ModelSchemas.of(ObjectMeta.class));
  }
}

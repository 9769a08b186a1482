package io.informer4j.kubernetes.testserver;

import com.google.common.collect.ImmutableCollection;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import dev.cel.common.types.CelType;
import dev.cel.common.types.CelTypeProvider;
import dev.cel.common.types.ListType;
import dev.cel.common.types.MapType;
import dev.cel.common.types.SimpleType;
import dev.cel.common.types.StructType;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The CEL types of a structural schema's nodes, as the API server declares {@code self} for
 * validation rules (k8s.io/apiserver pkg/cel/common/schemas.go, SchemaDeclType; the table in
 * https://kubernetes.io/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definitions/#validation-rules):
 * an object with {@code properties} is a message type whose fields are the properties (so a rule
 * naming a field the schema does not declare fails to compile; names are escaped by
 * {@link #escape}), one with {@code additionalProperties} a {@code map(string, T)}, an array a
 * {@code list(T)}, {@code integer} {@code int}, {@code number} {@code double}, {@code boolean}
 * {@code bool}, a {@code string} a {@code string} ({@code timestamp} for the {@code date} and
 * {@code date-time} formats, {@code duration} for {@code duration}); {@code x-kubernetes-int-or-string}
 * and a node without a type ({@code x-kubernetes-preserve-unknown-fields}) are {@code dyn}. A
 * resource's root and every {@code x-kubernetes-embedded-resource} object also have
 * {@code apiVersion}, {@code kind} and {@code metadata} with {@code name} and {@code generateName}.
 *
 * <p>Also the type provider the CEL checker finds these message types in. Not thread-safe while
 * types are being declared; immutable in use.
 */
final class CelSchemaTypes implements CelTypeProvider {

  /** The identifiers CEL reserves, which a property name is escaped from as {@code __name__}. */
  private static final Set<String> RESERVED = Set.of("true", "false", "null", "in", "as", "break", "const", "continue",
      "else", "for", "function", "if", "import", "let", "loop", "package", "namespace", "return", "var", "void", "while");

  private final Map<String, CelType> structs = new LinkedHashMap<>();
  private final String root;

  /** Starts a set of types whose message types are named under {@code root}. */
  CelSchemaTypes(String root) {
    this.root = root;
  }

  /** Returns the type of {@code schema}'s values ({@code resource}: the node is a resource's root). */
  CelType typeOf(Map<?, ?> schema, boolean resource) {
    return typeOf(schema, resource, root);
  }

  private CelType typeOf(Map<?, ?> schema, boolean resource, String name) {
    if (schema == null || Boolean.TRUE.equals(schema.get("x-kubernetes-int-or-string"))) {
      return SimpleType.DYN;
    }
    boolean embedded = resource || Boolean.TRUE.equals(schema.get("x-kubernetes-embedded-resource"));
    String type = Documents.text(schema, "type");
    if (type == null) {
      return SimpleType.DYN;
    }
    return switch (type) {
      case "object" -> objectType(schema, embedded, name);
      case "array" -> ListType.create(schema.get("items") instanceof Map<?, ?> items
          ? typeOf(items, false, name + ".@items") : SimpleType.DYN);
      case "integer" -> SimpleType.INT;
      case "number" -> SimpleType.DOUBLE;
      case "boolean" -> SimpleType.BOOL;
      case "string" -> stringType(Documents.text(schema, "format"));
      default -> SimpleType.DYN;
    };
  }

  private CelType objectType(Map<?, ?> schema, boolean embedded, String name) {
    if (schema.get("additionalProperties") instanceof Map<?, ?> values) {
      return MapType.create(SimpleType.STRING, typeOf(values, false, name + ".@values"));
    }
    Map<String, CelType> fields = new LinkedHashMap<>();
    if (schema.get("properties") instanceof Map<?, ?> properties) {
      properties.forEach((property, declared) -> escape(String.valueOf(property)).ifPresent(field ->
          fields.put(field, declared instanceof Map<?, ?> child
              ? typeOf(child, false, name + "." + field) : SimpleType.DYN)));
    }
    if (embedded) {
      fields.put("apiVersion", SimpleType.STRING);
      fields.put("kind", SimpleType.STRING);
      fields.put("metadata", metadataType(name + ".metadata"));
    }
    return declare(name, fields);
  }

  private CelType metadataType(String name) {
    Map<String, CelType> fields = new LinkedHashMap<>();
    fields.put("name", SimpleType.STRING);
    fields.put("generateName", SimpleType.STRING);
    return declare(name, fields);
  }

  private CelType declare(String name, Map<String, CelType> fields) {
    Map<String, CelType> copy = Map.copyOf(fields);
    StructType struct = StructType.create(name, ImmutableSet.copyOf(fields.keySet()),
        field -> Optional.ofNullable(copy.get(field)));
    structs.put(name, struct);
    return struct;
  }

  private static CelType stringType(String format) {
    if ("date".equals(format) || "date-time".equals(format)) {
      return SimpleType.TIMESTAMP;
    }
    return "duration".equals(format) ? SimpleType.DURATION : SimpleType.STRING;
  }

  @Override
  public ImmutableCollection<CelType> types() {
    return ImmutableList.copyOf(structs.values());
  }

  @Override
  public Optional<CelType> findType(String typeName) {
    return Optional.ofNullable(structs.get(typeName));
  }

  /**
   * Returns a property name as a CEL identifier (k8s.io/apiserver pkg/cel/escaping.go): a reserved
   * word as {@code __word__}; {@code __}, {@code .}, {@code -} and {@code /} as
   * {@code __underscores__}, {@code __dot__}, {@code __dash__} and {@code __slash__}; empty when the
   * name cannot be one (it starts with a digit or holds another character), and CEL cannot reach the property.
   */
  static Optional<String> escape(String name) {
    if (name.isEmpty() || Character.isDigit(name.charAt(0))) {
      return Optional.empty();
    }
    if (RESERVED.contains(name)) {
      return Optional.of("__" + name + "__");
    }
    StringBuilder escaped = new StringBuilder();
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == '_' && i + 1 < name.length() && name.charAt(i + 1) == '_') {
        escaped.append("__underscores__");
        i++;
      } else if (c == '.' || c == '-' || c == '/') {
        escaped.append(c == '.' ? "__dot__" : c == '-' ? "__dash__" : "__slash__");
      } else if (c == '_' || c < 128 && Character.isLetterOrDigit(c)) {
        escaped.append(c);
      } else {
        return Optional.empty();
      }
    }
    return Optional.of(escaped.toString());
  }
}

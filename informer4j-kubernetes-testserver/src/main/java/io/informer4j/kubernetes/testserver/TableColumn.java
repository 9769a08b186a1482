package io.informer4j.kubernetes.testserver;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A column of a {@code meta.k8s.io} Table: {@code TableColumnDefinition} (k8s.io/apimachinery
 * pkg/apis/meta/v1/types.go). Columns of priority 0 are what {@code kubectl get} shows, priority 1
 * columns are added by {@code -o wide}. Immutable.
 *
 * @param name        the header, {@code Name}, {@code Ready}
 * @param type        the OpenAPI type of the cells: {@code string}, {@code integer}, {@code number},
 *                    {@code boolean}, {@code date}
 * @param format      the OpenAPI format ({@code name} for the column naming the object), or {@code ""}
 * @param description what the column shows
 * @param priority    0 for the default view, higher for wider ones
 */
record TableColumn(String name, String type, String format, String description, int priority) {

  /** The description of the name column: ObjectMeta's documentation of {@code name}. */
  static final String NAME_DESCRIPTION = "Name must be unique within a namespace. Is required when creating resources, "
      + "although some resources may allow a client to request the generation of an appropriate name automatically. "
      + "Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. "
      + "More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names";
  /** The description of age columns: ObjectMeta's documentation of {@code creationTimestamp}. */
  static final String CREATION_DESCRIPTION = "CreationTimestamp is a timestamp representing the server time when this "
      + "object was created. It is not guaranteed to be set in happens-before order across separate operations. "
      + "Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\n"
      + "Populated by the system. Read-only. Null for lists. "
      + "More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata";

  /** @throws NullPointerException if a text is null */
  TableColumn {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(description, "description");
  }

  /** Returns the column naming the object: {@code Name}, type string, format name. */
  static TableColumn nameColumn() {
    return new TableColumn("Name", "string", "name", NAME_DESCRIPTION, 0);
  }

  /** Returns the {@code Age} column of the built-in printers: a string cell computed by the server. */
  static TableColumn ageColumn() {
    return new TableColumn("Age", "string", "", CREATION_DESCRIPTION, 0);
  }

  /** Returns a string column of the default view. */
  static TableColumn text(String name, String description) {
    return new TableColumn(name, "string", "", description, 0);
  }

  /** Returns an integer column of the default view. */
  static TableColumn integer(String name, String description) {
    return new TableColumn(name, "integer", "", description, 0);
  }

  /** Returns a string column shown by {@code -o wide} only (priority 1). */
  static TableColumn wide(String name, String description) {
    return new TableColumn(name, "string", "", description, 1);
  }

  /** Returns the column's JSON, every field present as the API server writes it. */
  Map<String, Object> toJson() {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("name", name);
    json.put("type", type);
    json.put("format", format);
    json.put("description", description);
    json.put("priority", priority);
    return json;
  }
}

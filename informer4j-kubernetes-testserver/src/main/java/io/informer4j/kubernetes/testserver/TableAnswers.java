package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the {@code meta.k8s.io} Tables a read is answered with (k8s.io/apiserver
 * pkg/endpoints/handlers/response.go {@code asTable}): the printer's columns (left out, as
 * {@code null}, when headers are not wanted: the watch events after the first), one row per object
 * with its cells, its conditions and its object per {@code includeObject} — {@code Metadata} (the
 * default) a PartialObjectMetadata of the Table's version, {@code Object} the whole object,
 * {@code None} null — and the list's or object's {@code resourceVersion}, {@code continue} and
 * {@code remainingItemCount} in the Table's metadata. Immutable and thread-safe.
 */
final class TableAnswers {

  /** What a row carries of its object. */
  enum IncludeObject {
    /** PartialObjectMetadata. */
    METADATA,
    /** The whole object. */
    OBJECT,
    /** Nothing. */
    NONE
  }

  private final TypeKey type;
  private final TablePrinter printer;
  private final String version;
  private final IncludeObject include;
  private final Instant now;

  /**
   * Returns the Tables of {@code type} printed by {@code printer} in {@code meta.k8s.io/<version>} at {@code now}.
   *
   * @throws RejectedRequest 400 {@code unrecognized includeObject value: "x"} for another value than
   *                         {@code Metadata}, {@code Object}, {@code None} or none
   */
  TableAnswers(TypeKey type, TablePrinter printer, String version, String includeObject, Instant now) {
    this.type = type;
    this.printer = printer;
    this.version = version;
    this.now = now;
    this.include = switch (includeObject == null ? "" : includeObject) {
      case "", "Metadata" -> IncludeObject.METADATA;
      case "Object" -> IncludeObject.OBJECT;
      case "None" -> IncludeObject.NONE;
      default -> throw new RejectedRequest(Statuses.badRequest("unrecognized includeObject value: \""
          + includeObject + "\""));
    };
  }

  /** Returns the Table of one object (a GET). */
  Map<String, Object> ofObject(Map<String, Object> document, boolean headers) {
    Map<String, Object> table = new LinkedHashMap<>();
    table.put("kind", "Table");
    table.put("apiVersion", "meta.k8s.io/" + version);
    String resourceVersion = PrinterCells.text(PrinterCells.at(document, "metadata"), "resourceVersion");
    table.put("metadata", resourceVersion.isEmpty() ? Map.of() : Map.of("resourceVersion", resourceVersion));
    table.put("columnDefinitions", headers ? columns() : null);
    table.put("rows", List.of(row(document)));
    return table;
  }

  /** Returns the start of a list's Table, up to the opening of its rows: {@code {"kind":"Table",…,"rows":[}. */
  String listHead() {
    return "{\"kind\":\"Table\",\"apiVersion\":\"meta.k8s.io/" + version + "\",\"columnDefinitions\":"
        + new String(HttpBodies.json(columns()), StandardCharsets.UTF_8) + ",\"rows\":[";
  }

  /** Returns the JSON of the row of a stored object. */
  byte[] rowJson(SimObject object) {
    return HttpBodies.json(row(ObjectJson.toDocument(type, object)));
  }

  /** Returns the JSON of a watch event's object: the Table of {@code object}, its columns when {@code headers}. */
  byte[] eventJson(SimObject object, boolean headers) {
    return HttpBodies.json(ofObject(ObjectJson.toDocument(type, object), headers));
  }

  private List<Object> columns() {
    List<Object> columns = new ArrayList<>();
    printer.columns().forEach(column -> columns.add(column.toJson()));
    return columns;
  }

  private Map<String, Object> row(Map<String, Object> document) {
    TablePrinter.Row printed = printer.row(document, now);
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("cells", printed.cells());
    if (!printed.conditions().isEmpty()) {
      row.put("conditions", printed.conditions());
    }
    row.put("object", switch (include) {
      case OBJECT -> document;
      case NONE -> null;
      case METADATA -> {
        Map<String, Object> partial = new LinkedHashMap<>();
        partial.put("kind", "PartialObjectMetadata");
        partial.put("apiVersion", "meta.k8s.io/" + version);
        partial.put("metadata", document.get("metadata"));
        yield partial;
      }
    });
    return row;
  }
}

package io.informer4j.kubernetes.testserver;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Table of a custom resource as the apiextensions-apiserver's table convertor
 * (pkg/registry/customresource/tableconvertor/tableconvertor.go) builds it from the served CRD
 * version's {@code additionalPrinterColumns}: a Name column, then one column per printer column
 * (an {@code Age} column of type date when the version declares none,
 * customresource_handler.go {@code serveDefaultColumnsIfEmpty}). A cell is the first value the
 * column's JSONPath selects, null when it selects none or a value of another type than the column's;
 * string columns print any value as client-go's jsonpath {@code PrintResults} does (numbers and
 * booleans as Go prints them, objects and arrays as compact JSON with sorted keys, null as
 * {@code <no value>}); date columns show the age of an RFC 3339 timestamp. Immutable and thread-safe.
 */
final class CustomResourcePrinter implements TablePrinter {

  private record Column(TableColumn definition, PrinterJsonPath path) {
  }

  private final List<TableColumn> columns;
  private final List<Column> additional;

  private CustomResourcePrinter(List<Column> additional) {
    this.additional = List.copyOf(additional);
    List<TableColumn> all = new ArrayList<>();
    all.add(TableColumn.nameColumn());
    additional.forEach(column -> all.add(column.definition()));
    this.columns = List.copyOf(all);
  }

  /**
   * Returns the printer of a CRD version ({@code spec.versions[i]}).
   *
   * @throws IllegalArgumentException if a column's JSONPath is not one {@link PrinterJsonPath} reads
   */
  static CustomResourcePrinter of(Map<String, Object> version) {
    List<Column> additional = new ArrayList<>();
    for (Map<String, Object> column : DefaultedFields.items(version, "additionalPrinterColumns")) {
      additional.add(new Column(new TableColumn(PrinterCells.text(column, "name"), PrinterCells.text(column, "type"),
          PrinterCells.text(column, "format"), PrinterCells.text(column, "description"),
          (int) PrinterCells.count(column, "priority")), PrinterJsonPath.parse(PrinterCells.text(column, "jsonPath"))));
    }
    if (additional.isEmpty()) {
      additional.add(new Column(new TableColumn("Age", "date", "", TableColumn.CREATION_DESCRIPTION, 0),
          PrinterJsonPath.parse(".metadata.creationTimestamp")));
    }
    return new CustomResourcePrinter(additional);
  }

  @Override
  public List<TableColumn> columns() {
    return columns;
  }

  @Override
  public Row row(Map<String, Object> object, Instant now) {
    List<Object> cells = new ArrayList<>();
    cells.add(PrinterCells.text(PrinterCells.at(object, "metadata"), "name"));
    for (Column column : additional) {
      List<Object> found = column.path().find(object);
      cells.add(found.isEmpty() ? null : cell(column.definition().type(), found.get(0), now));
    }
    return new Row(cells);
  }

  /** {@code cellForJSONValue}, and {@code PrintResults} for string columns. */
  private static Object cell(String type, Object value, Instant now) {
    if (type.equals("string")) {
      return goText(value);
    }
    return switch (type) {
      case "integer" -> value instanceof Number number ? number.longValue() : null;
      case "number" -> value instanceof Number number ? number.doubleValue() : null;
      case "boolean" -> value instanceof Boolean ? value : null;
      case "date" -> value instanceof String text ? Ages.since(text, now) : null;
      default -> null;
    };
  }

  private static String goText(Object value) {
    if (value == null) {
      return "<no value>";
    }
    if (value instanceof Map<?, ?> || value instanceof List<?>) {
      return new String(HttpBodies.json(sorted(value)), java.nio.charset.StandardCharsets.UTF_8);
    }
    if (value instanceof Double || value instanceof Float || value instanceof BigDecimal) {
      return goFloat(new BigDecimal(value.toString()));
    }
    return value.toString();
  }

  /** Go's {@code %v} of a float64: shortest digits, an exponent below 1e-4 and from 1e21. */
  private static String goFloat(BigDecimal value) {
    if (value.signum() == 0) {
      return "0";
    }
    BigDecimal stripped = value.stripTrailingZeros();
    int exponent = stripped.precision() - stripped.scale() - 1;
    if (exponent >= -4 && exponent < 21) {
      return stripped.toPlainString();
    }
    String digits = stripped.unscaledValue().abs().toString();
    String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
    String sign = exponent < 0 ? "-" : "+";
    String power = String.format("%02d", Math.abs(exponent));
    return (stripped.signum() < 0 ? "-" : "") + mantissa + "e" + sign + power;
  }

  private static Object sorted(Object value) {
    if (value instanceof Map<?, ?> map) {
      TreeMap<String, Object> sorted = new TreeMap<>();
      map.forEach((key, child) -> sorted.put(String.valueOf(key), sorted(child)));
      return sorted;
    }
    if (value instanceof List<?> list) {
      return list.stream().map(CustomResourcePrinter::sorted).toList();
    }
    return value;
  }
}

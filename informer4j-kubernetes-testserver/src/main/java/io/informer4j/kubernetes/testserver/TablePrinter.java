package io.informer4j.kubernetes.testserver;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Turns objects of one kind into the rows of a Table: the API server's {@code TableConvertor} for
 * that kind (k8s.io/kubernetes pkg/printers/internalversion/printers.go for built-in kinds, the
 * CRD's {@code additionalPrinterColumns} for custom resources, k8s.io/apiserver
 * pkg/registry/rest/table.go otherwise). Implementations are immutable and thread-safe.
 */
interface TablePrinter {

  /** A row's cells (one per column; null for none) and its conditions (JSON objects, usually none). */
  record Row(List<Object> cells, List<Map<String, Object>> conditions) {
    /** A row without conditions. */
    Row(List<Object> cells) {
      this(cells, List.of());
    }
  }

  /** Returns the columns, in order, wide ones included (the API server always generates them all). */
  List<TableColumn> columns();

  /** Returns the row of {@code object} (its full JSON document) at {@code now}, for ages. */
  Row row(Map<String, Object> object, Instant now);

  /** Returns a printer of {@code columns} whose rows have the cells {@code cells} computes and no conditions. */
  static TablePrinter of(List<TableColumn> columns, BiFunction<Map<String, Object>, Instant, List<Object>> cells) {
    List<TableColumn> copied = List.copyOf(columns);
    return new TablePrinter() {
      @Override
      public List<TableColumn> columns() {
        return copied;
      }

      @Override
      public Row row(Map<String, Object> object, Instant now) {
        return new Row(cells.apply(object, now));
      }
    };
  }
}

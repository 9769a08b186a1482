package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.TypeKey;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which {@link TablePrinter} the API server uses for a resource: the printers.go columns of the
 * built-in kinds printed here (Pod, Deployment, ReplicaSet, StatefulSet, DaemonSet, Job, Service,
 * ConfigMap, Secret, Namespace, ServiceAccount, core Event), a custom resource's CRD version's printer
 * columns, and the default table convertor (k8s.io/apiserver pkg/registry/rest/table.go: Name and
 * {@code Created At}, the creation time in RFC 3339) for every other kind, CustomResourceDefinitions
 * included. Stateless.
 */
final class TablePrinters {

  /** The default table convertor's printer: Name, Created At. */
  static final TablePrinter DEFAULT = TablePrinter.of(List.of(TableColumn.nameColumn(),
      new TableColumn("Created At", "date", "", TableColumn.CREATION_DESCRIPTION, 0)),
      (object, now) -> {
        Map<String, Object> metadata = PrinterCells.at(object, "metadata");
        return List.of(PrinterCells.text(metadata, "name"), createdAt(Documents.text(metadata, "creationTimestamp")));
      });

  private static final Map<String, TablePrinter> BUILT_IN = Map.ofEntries(
      Map.entry("/Pod", PodPrinter.INSTANCE),
      Map.entry("apps/Deployment", WorkloadPrinters.DEPLOYMENT),
      Map.entry("apps/ReplicaSet", WorkloadPrinters.REPLICA_SET),
      Map.entry("apps/StatefulSet", WorkloadPrinters.STATEFUL_SET),
      Map.entry("apps/DaemonSet", WorkloadPrinters.DAEMON_SET),
      Map.entry("batch/Job", WorkloadPrinters.JOB),
      Map.entry("/Service", CorePrinters.SERVICE),
      Map.entry("/ConfigMap", CorePrinters.CONFIG_MAP),
      Map.entry("/Secret", CorePrinters.SECRET),
      Map.entry("/Namespace", CorePrinters.NAMESPACE),
      Map.entry("/ServiceAccount", CorePrinters.SERVICE_ACCOUNT),
      Map.entry("/Event", CorePrinters.EVENT));

  private TablePrinters() {
  }

  /**
   * Returns the printer of {@code type}: its CRD version's columns when {@code crd} is the CRD
   * serving it, else the built-in or default printer.
   *
   * @throws IllegalArgumentException if a printer column's JSONPath is not one {@link PrinterJsonPath} reads
   */
  static TablePrinter of(TypeKey type, Optional<Map<String, Object>> crd) {
    if (crd.isPresent()) {
      for (Map<String, Object> version : DefaultedFields.items(PrinterCells.at(crd.get(), "spec"), "versions")) {
        if (type.version().equals(version.get("name"))) {
          return CustomResourcePrinter.of(version);
        }
      }
    }
    return BUILT_IN.getOrDefault(type.group() + "/" + type.kind(), DEFAULT);
  }

  /** {@code Time.UTC().Format(time.RFC3339)}: a zero time for none. */
  private static String createdAt(String timestamp) {
    try {
      return timestamp == null ? "0001-01-01T00:00:00Z" : Instant.parse(timestamp).truncatedTo(ChronoUnit.SECONDS).toString();
    } catch (DateTimeParseException e) {
      return timestamp;
    }
  }
}

package io.informer4j.kubernetes.testserver;

import static io.informer4j.kubernetes.testserver.PrinterCells.at;
import static io.informer4j.kubernetes.testserver.PrinterCells.count;
import static io.informer4j.kubernetes.testserver.DefaultedFields.items;
import static io.informer4j.kubernetes.testserver.PrinterCells.size;
import static io.informer4j.kubernetes.testserver.PrinterCells.text;
import static io.informer4j.kubernetes.testserver.TableColumn.ageColumn;
import static io.informer4j.kubernetes.testserver.TableColumn.nameColumn;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The Table columns and cells of core kinds, as k8s.io/kubernetes
 * pkg/printers/internalversion/printers.go prints them ({@code printService}, {@code printConfigMap},
 * {@code printSecret}, {@code printNamespace}, {@code printServiceAccount}, {@code printEvent}), wide
 * columns always included as the API server generates them. Stateless.
 */
final class CorePrinters {

  /** Stands for the age cell in {@link #named}'s arguments. */
  private static final Object AGE = new Object();

  /** Services: Name, Type, Cluster-IP, External-IP, Port(s), Age; Selector. */
  static final TablePrinter SERVICE = TablePrinter.of(List.of(nameColumn(),
      TableColumn.text("Type", "type determines how the Service is exposed."),
      TableColumn.text("Cluster-IP", "clusterIP is the IP address of the service and is usually assigned randomly."),
      TableColumn.text("External-IP", "externalIPs is a list of IP addresses for which nodes in the cluster will also "
          + "accept traffic for this service."),
      TableColumn.text("Port(s)", "The list of ports that are exposed by this service."),
      ageColumn(), TableColumn.wide("Selector", "Route service traffic to pods with label keys and values matching this selector.")),
      (service, now) -> {
        Map<String, Object> spec = at(service, "spec");
        List<String> clusterIps = Documents.strings(spec, "clusterIPs");
        String ports = items(spec, "ports").stream().map(CorePrinters::port).collect(Collectors.joining(","));
        return named(service, now, text(spec, "type"), clusterIps.isEmpty() ? "<none>" : clusterIps.get(0),
            externalIp(service), ports.isEmpty() ? "<none>" : ports, AGE, PrinterCells.labels(at(spec, "selector")));
      });

  /** ConfigMaps: Name, Data (the number of keys in data and binaryData), Age. */
  static final TablePrinter CONFIG_MAP = TablePrinter.of(List.of(nameColumn(),
      TableColumn.text("Data", "Data contains the configuration data."), ageColumn()),
      (configMap, now) -> named(configMap, now, size(configMap, "data") + size(configMap, "binaryData"), AGE));

  /** Secrets: Name, Type, Data (the number of keys), Age. */
  static final TablePrinter SECRET = TablePrinter.of(List.of(nameColumn(),
      TableColumn.text("Type", "Used to facilitate programmatic handling of secret data."),
      TableColumn.text("Data", "Data contains the secret data."), ageColumn()),
      (secret, now) -> named(secret, now, text(secret, "type"), size(secret, "data"), AGE));

  /** Namespaces: Name, Status (the phase), Age. */
  static final TablePrinter NAMESPACE = TablePrinter.of(List.of(nameColumn(),
      TableColumn.text("Status", "The status of the namespace"), ageColumn()),
      (namespace, now) -> named(namespace, now, text(at(namespace, "status"), "phase"), AGE));

  /** ServiceAccounts: Name, Secrets (their number), Age. */
  static final TablePrinter SERVICE_ACCOUNT = TablePrinter.of(List.of(nameColumn(),
      TableColumn.text("Secrets", "Secrets is a list of the secrets in the same namespace that pods running using "
          + "this ServiceAccount are allowed to use."), ageColumn()),
      (account, now) -> named(account, now, size(account, "secrets"), AGE));

  /**
   * Core v1 Events: Last Seen, Type, Reason, Object ({@code kind/name}), Message; Subobject, Source,
   * First Seen, Count, Name (wide). Their order is the one printEvent writes with wide output.
   */
  static final TablePrinter EVENT = TablePrinter.of(List.of(
      TableColumn.text("Last Seen", "The time at which the most recent occurrence of this event was recorded."),
      TableColumn.text("Type", "Type of this event (Normal, Warning), new types could be added in the future"),
      TableColumn.text("Reason", "This should be a short, machine understandable string that gives the reason for the "
          + "transition into the object's current status."),
      TableColumn.text("Object", "The object that this event is about."),
      TableColumn.wide("Subobject", "If referring to a piece of an object instead of an entire object, this string "
          + "should contain a valid JSON/Go field access statement, such as desiredState.manifest.containers[2]."),
      TableColumn.wide("Source", "The component reporting this event. Should be a short machine understandable string."),
      TableColumn.text("Message", "A human-readable description of the status of this operation."),
      TableColumn.wide("First Seen", "The time at which the event was first recorded. (Time of server receipt is in "
          + "TypeMeta.)"),
      TableColumn.wide("Count", "The number of times this event has occurred."),
      new TableColumn("Name", "string", "name", TableColumn.NAME_DESCRIPTION, 1)), CorePrinters::event);

  private CorePrinters() {
  }

  /** Returns the name, then {@code rest} with {@link #AGE} replaced by the object's age. */
  private static List<Object> named(Map<String, Object> object, Instant now, Object... rest) {
    Map<String, Object> metadata = at(object, "metadata");
    List<Object> cells = new ArrayList<>();
    cells.add(text(metadata, "name"));
    for (Object cell : rest) {
      cells.add(cell == AGE ? Ages.since(Documents.text(metadata, "creationTimestamp"), now) : cell);
    }
    return cells;
  }

  /** {@code makePortString}'s piece: {@code port/protocol}, {@code port:nodePort/protocol}. */
  private static String port(Map<String, Object> port) {
    long nodePort = count(port, "nodePort");
    return count(port, "port") + (nodePort > 0 ? ":" + nodePort : "") + "/" + text(port, "protocol");
  }

  /** {@code getServiceExternalIP} with wide output (no clipping). */
  private static String externalIp(Map<String, Object> service) {
    Map<String, Object> spec = at(service, "spec");
    List<String> externalIps = Documents.strings(spec, "externalIPs");
    switch (text(spec, "type")) {
      case "ClusterIP", "NodePort" -> {
        return externalIps.isEmpty() ? "<none>" : String.join(",", externalIps);
      }
      case "LoadBalancer" -> {
        TreeSet<String> ingress = new TreeSet<>();
        for (Map<String, Object> point : items(at(service, "status", "loadBalancer"), "ingress")) {
          String address = text(point, "ip").isEmpty() ? text(point, "hostname") : text(point, "ip");
          if (!address.isEmpty()) {
            ingress.add(address);
          }
        }
        List<String> all = new ArrayList<>(ingress);
        all.addAll(externalIps);
        return all.isEmpty() ? "<pending>" : String.join(",", all);
      }
      case "ExternalName" -> {
        return text(spec, "externalName");
      }
      default -> {
        return "<unknown>";
      }
    }
  }

  private static List<Object> event(Map<String, Object> event, Instant now) {
    String firstSeen = Documents.text(event, "firstTimestamp") == null
        ? Ages.since(Documents.text(event, "eventTime"), now) : Ages.since(Documents.text(event, "firstTimestamp"), now);
    String lastSeen = Documents.text(event, "lastTimestamp") == null ? firstSeen
        : Ages.since(Documents.text(event, "lastTimestamp"), now);
    long count = count(event, "count");
    if (event.get("series") instanceof Map<?, ?> series) {
      lastSeen = Ages.since(Documents.text(series, "lastObservedTime"), now);
      count = count(series, "count");
    } else if (count == 0) {
      count = 1;
    }
    Map<String, Object> involved = at(event, "involvedObject");
    String kind = text(involved, "kind").toLowerCase(Locale.ROOT);
    String target = text(involved, "name").isEmpty() ? kind : kind + "/" + text(involved, "name");
    Map<String, Object> source = at(event, "source");
    String component = firstNonEmpty(text(source, "component"), text(event, "reportingController"));
    String instance = firstNonEmpty(text(source, "host"), text(event, "reportingInstance"));
    return List.of(lastSeen, text(event, "type"), text(event, "reason"), target, text(involved, "fieldPath"),
        instance.isEmpty() ? component : component + ", " + instance, text(event, "message").strip(), firstSeen, count,
        text(at(event, "metadata"), "name"));
  }

  private static String firstNonEmpty(String first, String second) {
    return first.isEmpty() ? second : first;
  }
}

package io.informer4j.kubernetes.testserver;

import static io.informer4j.kubernetes.testserver.PrinterCells.at;
import static io.informer4j.kubernetes.testserver.PrinterCells.count;
import static io.informer4j.kubernetes.testserver.TableColumn.ageColumn;
import static io.informer4j.kubernetes.testserver.TableColumn.integer;
import static io.informer4j.kubernetes.testserver.TableColumn.nameColumn;
import static io.informer4j.kubernetes.testserver.TableColumn.text;
import static io.informer4j.kubernetes.testserver.TableColumn.wide;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Table columns and cells of the workloads, as k8s.io/kubernetes
 * pkg/printers/internalversion/printers.go prints them for kubectl ({@code printDeployment},
 * {@code printReplicaSet}, {@code printStatefulSet}, {@code printDaemonSet}, {@code printJob}), wide
 * columns always included as the API server generates them. Stateless.
 */
final class WorkloadPrinters {

  private static final TableColumn CONTAINERS = wide("Containers", "Names of each container in the template.");
  private static final TableColumn IMAGES = wide("Images", "Images referenced by each container in the template.");
  private static final String SELECTOR = "Label selector for pods. Existing ReplicaSets whose pods are selected by "
      + "this will be the ones affected by this deployment.";

  /** Deployments: Name, Ready ({@code ready/desired}), Up-to-date, Available, Age; Containers, Images, Selector. */
  static final TablePrinter DEPLOYMENT = TablePrinter.of(List.of(nameColumn(),
      text("Ready", "Number of the pod with ready state"),
      text("Up-to-date", "Total number of non-terminated pods targeted by this deployment that have the desired template spec."),
      text("Available", "Total number of available pods (ready for at least minReadySeconds) targeted by this deployment."),
      ageColumn(), CONTAINERS, IMAGES, wide("Selector", SELECTOR)), (deployment, now) -> {
        Map<String, Object> spec = at(deployment, "spec");
        Map<String, Object> status = at(deployment, "status");
        String selector = PrinterCells.selector(at(spec, "selector"));
        List<Object> cells = common(deployment, now, count(status, "readyReplicas") + "/" + count(spec, "replicas"),
            count(status, "updatedReplicas"), count(status, "availableReplicas"));
        return withTemplate(cells, spec, selector == null ? "<invalid>" : selector);
      });

  /** ReplicaSets: Name, Desired, Current, Ready, Age; Containers, Images, Selector. */
  static final TablePrinter REPLICA_SET = TablePrinter.of(List.of(nameColumn(),
      integer("Desired", "Replicas is the number of desired replicas."),
      integer("Current", "Replicas is the most recently observed number of replicas."),
      integer("Ready", "The number of ready replicas for this replica set."),
      ageColumn(), CONTAINERS, IMAGES, wide("Selector", "Selector is a label query over pods that should match the replica count.")),
      (replicaSet, now) -> {
        Map<String, Object> spec = at(replicaSet, "spec");
        Map<String, Object> status = at(replicaSet, "status");
        return withTemplate(common(replicaSet, now, count(spec, "replicas"), count(status, "replicas"),
            count(status, "readyReplicas")), spec, PrinterCells.formatSelector(at(spec, "selector")));
      });

  /** StatefulSets: Name, Ready ({@code ready/desired}), Age; Containers, Images. */
  static final TablePrinter STATEFUL_SET = TablePrinter.of(List.of(nameColumn(),
      text("Ready", "Number of the pod with ready state"), ageColumn(), CONTAINERS, IMAGES), (statefulSet, now) -> {
        Map<String, Object> spec = at(statefulSet, "spec");
        List<Object> cells = common(statefulSet, now,
            count(at(statefulSet, "status"), "readyReplicas") + "/" + count(spec, "replicas"));
        cells.addAll(PrinterCells.containersAndImages(at(spec, "template", "spec")));
        return cells;
      });

  /** DaemonSets: Name, Desired, Current, Ready, Up-to-date, Available, Node Selector, Age; Containers, Images, Selector. */
  static final TablePrinter DAEMON_SET = TablePrinter.of(List.of(nameColumn(),
      integer("Desired", "The total number of nodes that should be running the daemon pod (including nodes correctly "
          + "running the daemon pod)."),
      integer("Current", "The number of nodes that are running at least 1 daemon pod and are supposed to run the daemon pod."),
      integer("Ready", "The number of nodes that should be running the daemon pod and have one or more of the daemon "
          + "pod running and ready."),
      integer("Up-to-date", "The total number of nodes that are running updated daemon pod"),
      integer("Available", "The number of nodes that should be running the daemon pod and have one or more of the "
          + "daemon pod running and available (ready for at least spec.minReadySeconds)"),
      text("Node Selector", "NodeSelector is a selector which must be true for the pod to fit on a node."),
      ageColumn(), CONTAINERS, IMAGES, wide("Selector", "A label query over pods that are managed by the daemon set.")),
      (daemonSet, now) -> {
        Map<String, Object> spec = at(daemonSet, "spec");
        Map<String, Object> status = at(daemonSet, "status");
        List<Object> cells = common(daemonSet, now, count(status, "desiredNumberScheduled"),
            count(status, "currentNumberScheduled"), count(status, "numberReady"), count(status, "updatedNumberScheduled"),
            count(status, "numberAvailable"), PrinterCells.labels(at(spec, "template", "spec", "nodeSelector")));
        return withTemplate(cells, spec, PrinterCells.formatSelector(at(spec, "selector")));
      });

  /** Jobs: Name, Status, Completions, Duration, Age; Containers, Images, Selector. */
  static final TablePrinter JOB = TablePrinter.of(List.of(nameColumn(),
      text("Status", "Status of the job."),
      text("Completions", "The number of pods which reached phase Succeeded."),
      text("Duration", "Time required to complete the job."),
      ageColumn(), CONTAINERS, IMAGES, wide("Selector", "A label query over pods that should match the pod count.")),
      (job, now) -> {
        Map<String, Object> spec = at(job, "spec");
        Map<String, Object> status = at(job, "status");
        return withTemplate(common(job, now, jobStatus(job), completions(spec, status), jobDuration(status, now)),
            spec, PrinterCells.formatSelector(at(spec, "selector")));
      });

  private WorkloadPrinters() {
  }

  /** Returns the name, then {@code middle}, then the age: the cells every workload starts with. */
  private static List<Object> common(Map<String, Object> object, Instant now, Object... middle) {
    Map<String, Object> metadata = at(object, "metadata");
    List<Object> cells = new ArrayList<>();
    cells.add(PrinterCells.text(metadata, "name"));
    cells.addAll(List.of(middle));
    cells.add(Ages.since(Documents.text(metadata, "creationTimestamp"), now));
    return cells;
  }

  private static List<Object> withTemplate(List<Object> cells, Map<String, Object> spec, String selector) {
    cells.addAll(PrinterCells.containersAndImages(at(spec, "template", "spec")));
    cells.add(selector);
    return cells;
  }

  private static String completions(Map<String, Object> spec, Map<String, Object> status) {
    long succeeded = count(status, "succeeded");
    if (spec.get("completions") instanceof Number completions) {
      return succeeded + "/" + completions.longValue();
    }
    long parallelism = count(spec, "parallelism");
    return parallelism > 1 ? succeeded + "/1 of " + parallelism : succeeded + "/1";
  }

  private static String jobDuration(Map<String, Object> status, Instant now) {
    String start = Documents.text(status, "startTime");
    if (start == null) {
      return "";
    }
    return Ages.between(start, Documents.text(status, "completionTime"), now);
  }

  /** The first of Complete, Failed, Terminating (deleted), Suspended, FailureTarget that holds, else Running. */
  private static String jobStatus(Map<String, Object> job) {
    List<Map<String, Object>> conditions = DefaultedFields.items(at(job, "status"), "conditions");
    if (holds(conditions, "Complete")) {
      return "Complete";
    } else if (holds(conditions, "Failed")) {
      return "Failed";
    } else if (at(job, "metadata").get("deletionTimestamp") != null) {
      return "Terminating";
    } else if (holds(conditions, "Suspended")) {
      return "Suspended";
    } else if (holds(conditions, "FailureTarget")) {
      return "FailureTarget";
    }
    return "Running";
  }

  /** Returns {@code hasJobCondition}: the first condition of the type has status True. */
  static boolean holds(List<Map<String, Object>> conditions, String type) {
    return conditions.stream().filter(c -> type.equals(c.get("type"))).findFirst()
        .map(c -> "True".equals(c.get("status"))).orElse(false);
  }
}

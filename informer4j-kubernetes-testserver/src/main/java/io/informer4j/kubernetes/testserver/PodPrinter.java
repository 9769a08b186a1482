package io.informer4j.kubernetes.testserver;

import static io.informer4j.kubernetes.testserver.PrinterCells.at;
import static io.informer4j.kubernetes.testserver.PrinterCells.count;
import static io.informer4j.kubernetes.testserver.DefaultedFields.items;
import static io.informer4j.kubernetes.testserver.PrinterCells.text;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Table of Pods as k8s.io/kubernetes pkg/printers/internalversion/printers.go {@code printPod}
 * computes it: Name, Ready ({@code ready/total} containers, restartable init containers counted),
 * Status (the phase or reason, overridden by scheduling gates, init containers' and containers'
 * waiting and terminated reasons, {@code Terminating} once deleted), Restarts (with the last
 * restart's age), Age; IP, Node, Nominated Node and Readiness Gates (wide). Succeeded and Failed
 * Pods' rows carry the {@code Completed} condition. Stateless.
 */
final class PodPrinter implements TablePrinter {

  /** The printer. */
  static final PodPrinter INSTANCE = new PodPrinter();

  private static final List<TableColumn> COLUMNS = List.of(TableColumn.nameColumn(),
      TableColumn.text("Ready", "The aggregate readiness state of this pod for accepting traffic."),
      TableColumn.text("Status", "The aggregate status of the containers in this pod."),
      TableColumn.text("Restarts", "The number of times the containers in this pod have been restarted and when the "
          + "last container in this pod has restarted."),
      TableColumn.ageColumn(),
      TableColumn.wide("IP", "podIP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated."),
      TableColumn.wide("Node", "NodeName indicates in which node this pod is scheduled."),
      TableColumn.wide("Nominated Node", "nominatedNodeName is set only when this pod preempts other pods on the node, "
          + "but it cannot be scheduled right away as preemption victims receive their graceful termination periods."),
      TableColumn.wide("Readiness Gates", "If specified, all readiness gates will be evaluated for pod readiness."));

  private PodPrinter() {
  }

  @Override
  public List<TableColumn> columns() {
    return COLUMNS;
  }

  @Override
  public Row row(Map<String, Object> pod, Instant now) {
    Map<String, Object> metadata = at(pod, "metadata");
    Map<String, Object> spec = at(pod, "spec");
    Map<String, Object> status = at(pod, "status");
    String phase = text(status, "phase");
    State state = new State(text(status, "reason").isEmpty() ? phase : text(status, "reason"));
    for (Map<String, Object> condition : items(status, "conditions")) {
      if ("PodScheduled".equals(condition.get("type")) && "SchedulingGated".equals(condition.get("reason"))) {
        state.reason = "SchedulingGated";
      }
    }
    int total = items(spec, "containers").size();
    Map<String, Map<String, Object>> initContainers = new HashMap<>();
    for (Map<String, Object> container : items(spec, "initContainers")) {
      initContainers.put(text(container, "name"), container);
      if (restartable(container)) {
        total++;
      }
    }
    State restartable = new State("");
    boolean initializing = initContainers(state, restartable, initContainers, items(status, "initContainerStatuses"),
        items(spec, "initContainers").size());
    if (!initializing || conditionTrue(status, "Initialized")) {
      state.restarts = restartable.restarts;
      state.lastRestart = restartable.lastRestart;
      containers(state, status);
    }
    if (metadata.get("deletionTimestamp") != null && "NodeLost".equals(text(status, "reason"))) {
      state.reason = "Unknown";
    } else if (metadata.get("deletionTimestamp") != null && !phase.equals("Succeeded") && !phase.equals("Failed")) {
      state.reason = "Terminating";
    }
    String restarts = Long.toString(state.restarts);
    if (state.restarts != 0 && state.lastRestart != null) {
      restarts = state.restarts + " (" + Ages.since(state.lastRestart.toString(), now) + " ago)";
    }
    List<Object> cells = new ArrayList<>(List.of(text(metadata, "name"), state.ready + "/" + total, state.reason,
        restarts, Ages.since(Documents.text(metadata, "creationTimestamp"), now)));
    List<Map<String, Object>> podIps = items(status, "podIPs");
    cells.add(orNone(podIps.isEmpty() ? "" : text(podIps.get(0), "ip")));
    cells.add(orNone(text(spec, "nodeName")));
    cells.add(orNone(text(status, "nominatedNodeName")));
    cells.add(readinessGates(spec, status));
    return new Row(cells, completed(phase));
  }

  /** What the container statuses change of the row: the reason, ready containers and restarts. */
  private static final class State {
    String reason;
    int ready;
    long restarts;
    Instant lastRestart;

    State(String reason) {
      this.reason = reason;
    }

    /** Counts a container's restarts and keeps its last termination when it is the latest. */
    void restarted(Map<String, Object> containerStatus) {
      restarts += count(containerStatus, "restartCount");
      String finished = Documents.text(at(containerStatus, "lastState", "terminated"), "finishedAt");
      if (finished != null) {
        try {
          Instant at = Instant.parse(finished);
          if (lastRestart == null || lastRestart.isBefore(at)) {
            lastRestart = at;
          }
        } catch (java.time.format.DateTimeParseException unreadable) {
          // a time a typed client could not have decoded: no restart date, as for a zero time
        }
      }
    }
  }

  /**
   * Applies the init containers' statuses to {@code state} (all restarts) and {@code restartable}
   * (the restarts of restartable init containers); returns true while the Pod is initializing.
   */
  private static boolean initContainers(State state, State restartable, Map<String, Map<String, Object>> specs,
                                        List<Map<String, Object>> statuses, int count) {
    boolean initializing = false;
    for (int i = 0; i < statuses.size(); i++) {
      Map<String, Object> container = statuses.get(i);
      boolean isRestartable = restartable(specs.getOrDefault(text(container, "name"), Map.of()));
      state.restarted(container);
      if (isRestartable) {
        restartable.restarted(container);
      }
      Map<String, Object> terminated = at(container, "state", "terminated");
      Map<String, Object> waiting = at(container, "state", "waiting");
      boolean isTerminated = at(container, "state").containsKey("terminated");
      if (isTerminated && count(terminated, "exitCode") == 0) {
        continue;
      } else if (isRestartable && Boolean.TRUE.equals(container.get("started"))) {
        if (Boolean.TRUE.equals(container.get("ready"))) {
          state.ready++;
        }
        continue;
      } else if (isTerminated) {
        state.reason = text(terminated, "reason").isEmpty()
            ? count(terminated, "signal") != 0 ? "Init:Signal:" + count(terminated, "signal")
            : "Init:ExitCode:" + count(terminated, "exitCode")
            : "Init:" + text(terminated, "reason");
      } else if (!text(waiting, "reason").isEmpty() && !text(waiting, "reason").equals("PodInitializing")) {
        state.reason = "Init:" + text(waiting, "reason");
      } else {
        state.reason = "Init:" + i + "/" + count;
      }
      initializing = true;
      break;
    }
    return initializing;
  }

  /** Applies the containers' statuses, last first as printPod walks them. */
  private static void containers(State state, Map<String, Object> status) {
    boolean hasRunning = false;
    List<Map<String, Object>> statuses = items(status, "containerStatuses");
    for (int i = statuses.size() - 1; i >= 0; i--) {
      Map<String, Object> container = statuses.get(i);
      state.restarted(container);
      Map<String, Object> containerState = at(container, "state");
      Map<String, Object> terminated = at(containerState, "terminated");
      String waitingReason = text(at(containerState, "waiting"), "reason");
      if (!waitingReason.isEmpty()) {
        state.reason = waitingReason;
      } else if (!text(terminated, "reason").isEmpty()) {
        state.reason = text(terminated, "reason");
      } else if (containerState.containsKey("terminated")) {
        state.reason = count(terminated, "signal") != 0 ? "Signal:" + count(terminated, "signal")
            : "ExitCode:" + count(terminated, "exitCode");
      } else if (Boolean.TRUE.equals(container.get("ready")) && containerState.containsKey("running")) {
        hasRunning = true;
        state.ready++;
      }
    }
    if (state.reason.equals("Completed") && hasRunning) {
      state.reason = conditionTrue(status, "Ready") ? "Running" : "NotReady";
    }
  }

  private static boolean restartable(Map<String, Object> initContainer) {
    return "Always".equals(initContainer.get("restartPolicy"));
  }

  private static boolean conditionTrue(Map<String, Object> status, String type) {
    return items(status, "conditions").stream()
        .anyMatch(c -> type.equals(c.get("type")) && "True".equals(c.get("status")));
  }

  private static String readinessGates(Map<String, Object> spec, Map<String, Object> status) {
    List<Map<String, Object>> gates = items(spec, "readinessGates");
    if (gates.isEmpty()) {
      return "<none>";
    }
    long trueConditions = gates.stream().filter(gate -> items(status, "conditions").stream()
        .filter(c -> gate.get("conditionType") != null && gate.get("conditionType").equals(c.get("type")))
        .findFirst().map(c -> "True".equals(c.get("status"))).orElse(false)).count();
    return trueConditions + "/" + gates.size();
  }

  private static List<Map<String, Object>> completed(String phase) {
    return switch (phase) {
      case "Succeeded" -> List.of(Map.of("type", "Completed", "status", "True", "reason", "Succeeded",
          "message", "The pod has completed successfully."));
      case "Failed" -> List.of(Map.of("type", "Completed", "status", "True", "reason", "Failed", "message", "The pod failed."));
      default -> List.of();
    };
  }

  private static String orNone(String text) {
    return text.isEmpty() ? "<none>" : text;
  }
}

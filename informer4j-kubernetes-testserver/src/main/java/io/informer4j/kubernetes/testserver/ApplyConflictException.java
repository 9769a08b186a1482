package io.informer4j.kubernetes.testserver;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An apply that would change fields other managers own: answered 409 Conflict with the API
 * server's Status (k8s.io/apimachinery pkg/util/managedfields/internal/conflict.go): the message
 * {@code Apply failed with 1 conflict: conflict with "manager": .path}, or for several, each manager
 * with its paths; one cause per field, of reason {@code FieldManagerConflict}.
 */
final class ApplyConflictException extends RejectedRequest {

  private static final long serialVersionUID = 1L;

  /** One field another manager owns. */
  record Conflict(ManagedFields.Manager manager, List<PathElement> path) {
  }

  private static final Comparator<ManagedFields.Manager> MANAGER_ORDER = Comparator
      .comparing(ManagedFields.Manager::name).thenComparing(ManagedFields.Manager::operation)
      .thenComparing(ManagedFields.Manager::apiVersion).thenComparing(ManagedFields.Manager::subresource);

  ApplyConflictException(List<Conflict> conflicts) {
    super(failure(conflicts));
  }

  private static Statuses.Failure failure(List<Conflict> conflicts) {
    List<Conflict> sorted = new ArrayList<>(conflicts);
    sorted.sort(Comparator.comparing(Conflict::manager, MANAGER_ORDER));
    List<Object> causes = new ArrayList<>();
    Map<ManagedFields.Manager, List<String>> byManager = new LinkedHashMap<>();
    for (Conflict conflict : sorted) {
      String field = PathElement.describe(conflict.path());
      causes.add(Map.of("reason", "FieldManagerConflict", "message", "conflict with " + conflict.manager().describe(),
          "field", field));
      byManager.computeIfAbsent(conflict.manager(), m -> new ArrayList<>()).add(field);
    }
    String message;
    if (sorted.size() == 1) {
      message = "Apply failed with 1 conflict: conflict with " + sorted.get(0).manager().describe() + ": "
          + PathElement.describe(sorted.get(0).path());
    } else {
      List<String> lines = new ArrayList<>();
      byManager.forEach((manager, fields) -> {
        lines.add("conflicts with " + manager.describe() + ":");
        fields.forEach(field -> lines.add("- " + field));
      });
      message = "Apply failed with " + sorted.size() + " conflicts: " + String.join("\n", lines);
    }
    return new Statuses.Failure(409, Statuses.status(409, "Conflict", message, Map.of("causes", causes)), null);
  }
}

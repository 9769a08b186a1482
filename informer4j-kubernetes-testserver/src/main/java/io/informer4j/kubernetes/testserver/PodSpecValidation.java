package io.informer4j.kubernetes.testserver;

import static io.informer4j.kubernetes.testserver.DefaultedFields.items;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks of a pod spec the API server makes (kubernetes/pkg/apis/core/validation/validation.go:
 * ValidatePodSpec): its volumes ({@link VolumeValidation}), at least one container, each checked by
 * {@link ContainerValidation}, supported restart and DNS policies. Stateless.
 */
final class PodSpecValidation {

  static final List<String> PROTOCOLS = List.of("SCTP", "TCP", "UDP");
  private static final List<String> RESTART_POLICIES = List.of("Always", "OnFailure", "Never");
  private static final List<String> DNS_POLICIES = List.of("ClusterFirstWithHostNet", "ClusterFirst", "Default", "None");
  private static final int MAX_PORT = 65535;

  private PodSpecValidation() {
  }

  /**
   * Returns the errors of the pod spec at {@code path} ({@code spec}, {@code spec.template.spec});
   * {@code imageRequired} for a Pod's own spec.
   */
  static List<FieldError> errors(Map<String, Object> spec, String path, boolean imageRequired) {
    List<FieldError> errors = new ArrayList<>();
    Set<String> volumes = VolumeValidation.volumes(items(spec, "volumes"), path + ".volumes", errors);
    ContainerValidation.Pod pod = new ContainerValidation.Pod(new HashSet<>(), volumes, imageRequired);
    if (items(spec, "containers").isEmpty()) {
      errors.add(FieldError.required(path + ".containers", ""));
    }
    for (String list : List.of("initContainers", "containers")) {
      List<Map<String, Object>> containers = items(spec, list);
      for (int i = 0; i < containers.size(); i++) {
        ContainerValidation.errors(containers.get(i), path + "." + list + "[" + i + "]", list.equals("initContainers"),
            pod, errors);
      }
    }
    supported(spec, "restartPolicy", path, RESTART_POLICIES, errors);
    supported(spec, "dnsPolicy", path, DNS_POLICIES, errors);
    return errors;
  }

  /** Adds the error of a port number outside 1–65535 (validation.IsValidPortNum). */
  static void portRange(Number port, String path, List<FieldError> errors) {
    if (port.longValue() < 1 || port.longValue() > MAX_PORT) {
      errors.add(FieldError.invalid(path, null, port + ": must be between 1 and " + MAX_PORT + ", inclusive"));
    }
  }

  /** Adds a NotSupported error when {@code key} of {@code map} is set to a value outside {@code values}. */
  static void supported(Map<String, Object> map, String key, String path, List<String> values, List<FieldError> errors) {
    Object value = map.get(key);
    if (value != null && !values.contains(value)) {
      errors.add(notSupported(path + "." + key, String.valueOf(value), values));
    }
  }

  /** The NotSupported error: {@code Unsupported value: "x": supported values: "a", "b"}. */
  static FieldError notSupported(String path, String value, List<String> values) {
    return new FieldError("FieldValueNotSupported", path, value,
        "supported values: " + String.join(", ", values.stream().map(JsonValues::quote).toList()));
  }
}

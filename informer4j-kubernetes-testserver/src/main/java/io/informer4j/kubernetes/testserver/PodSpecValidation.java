package io.informer4j.kubernetes.testserver;

import static io.informer4j.kubernetes.testserver.DefaultedFields.items;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks of a pod spec the API server makes (kubernetes/pkg/apis/core/validation/validation.go:
 * ValidatePodSpec, validateContainers, validateContainerPorts): at least one container, each named
 * by a DNS-1123 label unique among the pod's containers, an image for a Pod's containers
 * (validateContainersOnlyForPod; a template may leave it to be set later), ports in 1–65535 with a
 * supported protocol, supported restart and DNS policies. Stateless.
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
    Set<String> names = new HashSet<>();
    if (items(spec, "containers").isEmpty()) {
      errors.add(FieldError.required(path + ".containers", ""));
    }
    for (String list : List.of("initContainers", "containers")) {
      List<Map<String, Object>> containers = items(spec, list);
      for (int i = 0; i < containers.size(); i++) {
        container(containers.get(i), path + "." + list + "[" + i + "]", imageRequired, names, errors);
      }
    }
    supported(spec, "restartPolicy", path, RESTART_POLICIES, errors);
    supported(spec, "dnsPolicy", path, DNS_POLICIES, errors);
    return errors;
  }

  private static void container(Map<String, Object> container, String path, boolean imageRequired,
                                Set<String> names, List<FieldError> errors) {
    String name = Documents.text(container, "name");
    if (name == null || name.isEmpty()) {
      errors.add(FieldError.required(path + ".name", ""));
    } else {
      Names.labelErrors(name).forEach(detail -> errors.add(FieldError.invalid(path + ".name", name, detail)));
      if (!names.add(name)) {
        errors.add(new FieldError("FieldValueDuplicate", path + ".name", name, ""));
      }
    }
    String image = Documents.text(container, "image");
    if (imageRequired && (image == null || image.isEmpty())) {
      errors.add(FieldError.required(path + ".image", ""));
    } else if (image != null && !image.equals(image.strip())) {
      errors.add(FieldError.invalid(path + ".image", image, "must not have leading or trailing whitespace"));
    }
    List<Map<String, Object>> ports = items(container, "ports");
    for (int i = 0; i < ports.size(); i++) {
      Map<String, Object> port = ports.get(i);
      String portPath = path + ".ports[" + i + "]";
      if (!(port.get("containerPort") instanceof Number number) || number.intValue() == 0) {
        errors.add(FieldError.required(portPath + ".containerPort", ""));
      } else {
        portRange(number, portPath + ".containerPort", errors);
      }
      if (port.get("hostPort") instanceof Number hostPort && hostPort.intValue() != 0) {
        portRange(hostPort, portPath + ".hostPort", errors);
      }
      supported(port, "protocol", portPath, PROTOCOLS, errors);
    }
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

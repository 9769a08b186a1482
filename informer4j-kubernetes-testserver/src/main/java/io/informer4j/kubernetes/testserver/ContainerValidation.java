package io.informer4j.kubernetes.testserver;

import static io.informer4j.kubernetes.testserver.DefaultedFields.items;
import static io.informer4j.kubernetes.testserver.DefaultedFields.mapOrNull;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks of one container of a pod spec the API server makes
 * (kubernetes/pkg/apis/core/validation/validation.go: validateContainers, validateContainerCommon,
 * validateContainerPorts, ValidateEnv with the relaxed names of Kubernetes 1.32, validateEnvVarValueFrom,
 * ValidateVolumeMounts, validateProbe, validateHandler, validateLifecycle): a DNS-1123 name unique in
 * the pod, an image where the pod needs one, ports, environment variables, mounts of valid volumes,
 * probes and lifecycle handlers with exactly one handler, liveness and startup probes with a success
 * threshold of 1, no probes or lifecycle on init containers that are not sidecars, and the resources
 * ({@link ResourceRequirementsValidation}). Stateless.
 */
final class ContainerValidation {

  private static final List<String> PROBES = List.of("livenessProbe", "readinessProbe", "startupProbe");
  private static final List<String> PROBE_HANDLERS = List.of("exec", "httpGet", "tcpSocket", "grpc");
  private static final List<String> LIFECYCLE_HANDLERS = List.of("exec", "httpGet", "tcpSocket", "sleep");
  private static final List<String> PROBE_COUNTS = List.of("initialDelaySeconds", "timeoutSeconds", "periodSeconds",
      "successThreshold", "failureThreshold");
  private static final List<String> ENV_SOURCES = List.of("fieldRef", "resourceFieldRef", "configMapKeyRef",
      "secretKeyRef");
  private static final List<String> SCHEMES = List.of("HTTP", "HTTPS");
  private static final String NOT_NEGATIVE = "must be greater than or equal to 0";
  private static final String ENV_NAME = "a valid environment variable name must consist only of printable ASCII "
      + "characters other than '='";
  private static final int MAX_PORT_NAME = 15;

  /**
   * What the pod around a container gives its checks.
   *
   * @param names         the container names seen so far in the pod (this one is added)
   * @param volumes       the names of the pod's volumes without errors
   * @param imageRequired true for a Pod's own spec (a template may leave the image to be set later)
   */
  record Pod(Set<String> names, Set<String> volumes, boolean imageRequired) {
  }

  private ContainerValidation() {
  }

  /** Adds the errors of {@code container} at {@code path}; {@code init} for an init container. */
  static void errors(Map<String, Object> container, String path, boolean init, Pod pod, List<FieldError> errors) {
    name(container, path, pod.names(), errors);
    image(container, path, pod.imageRequired(), errors);
    ports(items(container, "ports"), path + ".ports", errors);
    env(items(container, "env"), path + ".env", errors);
    VolumeValidation.mounts(items(container, "volumeMounts"), path + ".volumeMounts", pod.volumes(), errors);
    boolean sidecar = "Always".equals(container.get("restartPolicy"));
    if (init && !sidecar) {
      for (String field : List.of("lifecycle", "livenessProbe", "readinessProbe", "startupProbe")) {
        if (container.get(field) != null) {
          errors.add(FieldError.forbidden(path + "." + field,
              "may not be set for init containers without restartPolicy=Always"));
        }
      }
    } else {
      probes(container, path, errors);
      lifecycle(mapOrNull(container, "lifecycle"), path + ".lifecycle", errors);
    }
    Map<String, Object> resources = mapOrNull(container, "resources");
    if (resources != null) {
      ResourceRequirementsValidation.errors(resources, path + ".resources", errors);
    }
  }

  private static void name(Map<String, Object> container, String path, Set<String> names, List<FieldError> errors) {
    String name = Documents.text(container, "name");
    if (name == null || name.isEmpty()) {
      errors.add(FieldError.required(path + ".name", ""));
    } else {
      Names.labelErrors(name).forEach(detail -> errors.add(FieldError.invalid(path + ".name", name, detail)));
      if (!names.add(name)) {
        errors.add(new FieldError("FieldValueDuplicate", path + ".name", name, ""));
      }
    }
  }

  private static void image(Map<String, Object> container, String path, boolean required, List<FieldError> errors) {
    String image = Documents.text(container, "image");
    if (required && (image == null || image.isEmpty())) {
      errors.add(FieldError.required(path + ".image", ""));
    } else if (image != null && !image.equals(image.strip())) {
      errors.add(FieldError.invalid(path + ".image", image, "must not have leading or trailing whitespace"));
    }
  }

  private static void ports(List<Map<String, Object>> ports, String path, List<FieldError> errors) {
    for (int i = 0; i < ports.size(); i++) {
      Map<String, Object> port = ports.get(i);
      String portPath = path + "[" + i + "]";
      if (!(port.get("containerPort") instanceof Number number) || number.intValue() == 0) {
        errors.add(FieldError.required(portPath + ".containerPort", ""));
      } else {
        PodSpecValidation.portRange(number, portPath + ".containerPort", errors);
      }
      if (port.get("hostPort") instanceof Number hostPort && hostPort.intValue() != 0) {
        PodSpecValidation.portRange(hostPort, portPath + ".hostPort", errors);
      }
      PodSpecValidation.supported(port, "protocol", portPath, PodSpecValidation.PROTOCOLS, errors);
    }
  }

  /** ValidateEnv: a name of printable ASCII without {@code =}, at most one source in {@code valueFrom}. */
  private static void env(List<Map<String, Object>> env, String path, List<FieldError> errors) {
    for (int i = 0; i < env.size(); i++) {
      Map<String, Object> variable = env.get(i);
      String variablePath = path + "[" + i + "]";
      String name = Documents.text(variable, "name");
      if (name == null || name.isEmpty()) {
        errors.add(FieldError.required(variablePath + ".name", ""));
      } else if (!name.chars().allMatch(c -> c >= ' ' && c <= '~' && c != '=')) {
        errors.add(FieldError.invalid(variablePath + ".name", name, ENV_NAME));
      }
      Map<String, Object> valueFrom = mapOrNull(variable, "valueFrom");
      if (valueFrom != null) {
        valueFrom(valueFrom, Documents.text(variable, "value"), variablePath + ".valueFrom", errors);
      }
    }
  }

  private static void valueFrom(Map<String, Object> valueFrom, String value, String path, List<FieldError> errors) {
    long sources = ENV_SOURCES.stream().filter(source -> valueFrom.get(source) != null).count();
    for (String keyed : List.of("configMapKeyRef", "secretKeyRef")) {
      Map<String, Object> selector = mapOrNull(valueFrom, keyed);
      if (selector != null && (Documents.text(selector, "key") == null || Documents.text(selector, "key").isEmpty())) {
        errors.add(FieldError.required(path + "." + keyed + ".key", ""));
      }
    }
    if (sources == 0) {
      errors.add(FieldError.invalid(path, "",
          "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`"));
    } else if (value != null && !value.isEmpty()) {
      errors.add(FieldError.invalid(path, "", "may not be specified when `value` is not empty"));
    } else if (sources > 1) {
      errors.add(FieldError.invalid(path, "", "may not have more than one field specified at a time"));
    }
  }

  /** validateProbe for each probe, and the success threshold of liveness and startup probes. */
  private static void probes(Map<String, Object> container, String path, List<FieldError> errors) {
    for (String kind : PROBES) {
      Map<String, Object> probe = mapOrNull(container, kind);
      if (probe == null) {
        continue;
      }
      String probePath = path + "." + kind;
      handler(probe, probePath, PROBE_HANDLERS, errors);
      for (String count : PROBE_COUNTS) {
        if (probe.get(count) instanceof Number number && number.longValue() < 0) {
          errors.add(FieldError.invalid(probePath + "." + count, null, number + ": " + NOT_NEGATIVE));
        }
      }
      if (probe.get("terminationGracePeriodSeconds") instanceof Number grace && grace.longValue() <= 0) {
        errors.add(FieldError.invalid(probePath + ".terminationGracePeriodSeconds", null,
            grace + ": must be greater than 0"));
      }
      if (!kind.equals("readinessProbe") && probe.get("successThreshold") instanceof Number threshold
          && threshold.longValue() != 1) {
        errors.add(FieldError.invalid(probePath + ".successThreshold", null, threshold + ": must be 1"));
      }
    }
  }

  private static void lifecycle(Map<String, Object> lifecycle, String path, List<FieldError> errors) {
    if (lifecycle == null) {
      return;
    }
    for (String hook : List.of("postStart", "preStop")) {
      Map<String, Object> handler = mapOrNull(lifecycle, hook);
      if (handler != null) {
        handler(handler, path + "." + hook, LIFECYCLE_HANDLERS, errors);
      }
    }
  }

  /** validateHandler: exactly one of {@code kinds}, and the checks of the one found. */
  private static void handler(Map<String, Object> holder, String path, List<String> kinds, List<FieldError> errors) {
    int handlers = 0;
    for (String kind : kinds) {
      if (!(holder.get(kind) instanceof Map<?, ?> action)) {
        continue;
      }
      if (handlers > 0) {
        errors.add(FieldError.forbidden(path + "." + kind, "may not specify more than 1 handler type"));
        continue;
      }
      handlers++;
      action(kind, action, path + "." + kind, errors);
    }
    if (handlers == 0) {
      errors.add(FieldError.required(path, "must specify a handler type"));
    }
  }

  private static void action(String kind, Map<?, ?> action, String path, List<FieldError> errors) {
    switch (kind) {
      case "exec" -> {
        if (!(action.get("command") instanceof List<?> command) || command.isEmpty()) {
          errors.add(FieldError.required(path + ".command", ""));
        }
      }
      case "httpGet" -> {
        if (Documents.text(action, "path") == null || Documents.text(action, "path").isEmpty()) {
          errors.add(FieldError.required(path + ".path", ""));
        }
        portNumberOrName(action.get("port"), path + ".port", errors);
        Object scheme = action.get("scheme");
        if (scheme != null && !SCHEMES.contains(scheme)) {
          errors.add(PodSpecValidation.notSupported(path + ".scheme", String.valueOf(scheme), SCHEMES));
        }
      }
      case "tcpSocket" -> portNumberOrName(action.get("port"), path + ".port", errors);
      case "grpc" -> {
        if (action.get("port") instanceof Number port) {
          PodSpecValidation.portRange(port, path + ".port", errors);
        }
      }
      default -> {
      }
    }
  }

  /** validatePortNumOrName: a number in 1–65535 or an IANA service name (validation.IsValidPortName). */
  private static void portNumberOrName(Object port, String path, List<FieldError> errors) {
    if (port instanceof Number number) {
      PodSpecValidation.portRange(number, path, errors);
      return;
    }
    String name = port == null ? "" : String.valueOf(port);
    if (name.length() > MAX_PORT_NAME) {
      errors.add(FieldError.invalid(path, name, "must be no more than 15 characters"));
    }
    if (!name.matches("[-a-z0-9]+")) {
      errors.add(FieldError.invalid(path, name, "must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)"));
    }
    if (!name.matches(".*[a-z].*")) {
      errors.add(FieldError.invalid(path, name, "must contain at least one letter (a-z)"));
    }
    if (name.contains("--")) {
      errors.add(FieldError.invalid(path, name, "must not contain consecutive hyphens"));
    }
    if (name.startsWith("-") || name.endsWith("-")) {
      errors.add(FieldError.invalid(path, name, "must not begin or end with a hyphen"));
    }
  }
}

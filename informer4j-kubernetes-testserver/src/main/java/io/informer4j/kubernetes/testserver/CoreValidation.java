package io.informer4j.kubernetes.testserver;

import static io.informer4j.kubernetes.testserver.DefaultedFields.items;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The checks the API server makes of core/v1 kinds (kubernetes/pkg/apis/core/validation/validation.go,
 * Kubernetes 1.32): ValidatePod and ValidatePodUpdate, ValidateService and ValidateServiceUpdate,
 * ValidateConfigMap and ValidateSecret (keys, duplicates, the 1 MiB limit). Stateless.
 */
final class CoreValidation {

  /** core.MaxSecretSize: 1 MiB. */
  static final int MAX_SIZE = 1024 * 1024;
  private static final Pattern CONFIG_KEY = Pattern.compile("[-._a-zA-Z0-9]+");
  private static final String CONFIG_KEY_DETAIL = "a valid config key must consist of alphanumeric characters, '-', '_' "
      + "or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')";
  private static final String POD_UPDATE = "pod updates may not change fields other than `spec.containers[*].image`,"
      + "`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing "
      + "tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)";
  private static final List<String> SERVICE_TYPES = List.of("ClusterIP", "ExternalName", "LoadBalancer", "NodePort");

  private CoreValidation() {
  }

  /**
   * ValidatePod (the spec's checks) and, with {@code old}, ValidatePodUpdate's rule on what may
   * change: the containers' images, {@code activeDeadlineSeconds}, tolerations added to the existing
   * ones, {@code terminationGracePeriodSeconds} from a negative value to 1.
   */
  static List<FieldError> pod(Map<String, Object> old, Map<String, Object> document) {
    Map<String, Object> spec = Documents.childOrEmpty(document, "spec");
    List<FieldError> errors = new ArrayList<>(PodSpecValidation.errors(spec, "spec", true));
    if (old != null) {
      Map<String, Object> oldSpec = Documents.copy(Documents.childOrEmpty(old, "spec"));
      Map<String, Object> mutated = Documents.copy(spec);
      for (String list : List.of("containers", "initContainers")) {
        List<Map<String, Object>> oldContainers = items(oldSpec, list);
        List<Map<String, Object>> containers = items(mutated, list);
        for (int i = 0; i < Math.min(oldContainers.size(), containers.size()); i++) {
          containers.get(i).put("image", oldContainers.get(i).get("image"));
        }
      }
      List<Map<String, Object>> tolerations = items(mutated, "tolerations");
      boolean tolerationsKept = tolerations.containsAll(items(oldSpec, "tolerations"));
      Object oldGrace = oldSpec.get("terminationGracePeriodSeconds");
      Object grace = mutated.get("terminationGracePeriodSeconds");
      boolean graceKept = JsonValues.equal(oldGrace, grace) || oldGrace instanceof Number negative
          && negative.longValue() < 0 && grace instanceof Number one && one.longValue() == 1;
      for (String field : List.of("activeDeadlineSeconds", "tolerations", "terminationGracePeriodSeconds")) {
        mutated.remove(field);
        oldSpec.remove(field);
      }
      if (!JsonValues.equal(oldSpec, mutated) || !tolerationsKept || !graceKept) {
        errors.add(FieldError.forbidden("spec", POD_UPDATE));
      }
    }
    return errors;
  }

  /**
   * ValidateService: ports required unless headless or ExternalName, ports in range with a supported
   * protocol and names required and unique when there are several, a supported type, an
   * {@code externalName} for ExternalName; on update an unchanged primary cluster IP.
   */
  static List<FieldError> service(Map<String, Object> old, Map<String, Object> document) {
    Map<String, Object> spec = Documents.childOrEmpty(document, "spec");
    List<FieldError> errors = new ArrayList<>();
    String type = Documents.text(spec, "type");
    List<Map<String, Object>> ports = items(spec, "ports");
    boolean headless = "None".equals(spec.get("clusterIP"));
    if (ports.isEmpty() && !"ExternalName".equals(type) && !headless) {
      errors.add(FieldError.required("spec.ports", ""));
    }
    Set<String> names = new HashSet<>();
    for (int i = 0; i < ports.size(); i++) {
      Map<String, Object> port = ports.get(i);
      String path = "spec.ports[" + i + "]";
      String name = Documents.text(port, "name");
      if (ports.size() > 1 && (name == null || name.isEmpty())) {
        errors.add(FieldError.required(path + ".name", ""));
      } else if (name != null && !name.isEmpty()) {
        Names.labelErrors(name).forEach(detail -> errors.add(FieldError.invalid(path + ".name", name, detail)));
        if (!names.add(name)) {
          errors.add(new FieldError("FieldValueDuplicate", path + ".name", name, ""));
        }
      }
      if (!(port.get("port") instanceof Number number)) {
        errors.add(FieldError.invalid(path + ".port", null, "0: must be between 1 and 65535, inclusive"));
      } else {
        PodSpecValidation.portRange(number, path + ".port", errors);
      }
      if (port.get("targetPort") instanceof Number target && (target.longValue() < 1 || target.longValue() > 65535)) {
        errors.add(FieldError.invalid(path + ".targetPort", null, "intstr.IntOrString{Type:0, IntVal:" + target
            + ", StrVal:\"\"}: must be between 1 and 65535, inclusive"));
      }
      PodSpecValidation.supported(port, "protocol", path, PodSpecValidation.PROTOCOLS, errors);
    }
    PodSpecValidation.supported(spec, "type", "spec", SERVICE_TYPES, errors);
    if ("ExternalName".equals(type) && (spec.get("externalName") == null || "".equals(spec.get("externalName")))) {
      errors.add(FieldError.required("spec.externalName", ""));
    }
    if (old != null) {
      List<String> oldIps = Documents.strings(Documents.childOrEmpty(old, "spec"), "clusterIPs");
      List<String> ips = Documents.strings(spec, "clusterIPs");
      if (!oldIps.isEmpty() && !ips.isEmpty() && !oldIps.get(0).equals(ips.get(0))
          && !"ExternalName".equals(type) && !"ExternalName".equals(Documents.childOrEmpty(old, "spec").get("type"))) {
        errors.add(FieldError.invalid("spec.clusterIPs[0]", null, GoValues.strings(ips) + ": may not change once set"));
      }
    }
    return errors;
  }

  /** ValidateConfigMap: keys of {@code data} and {@code binaryData}, no key in both, 1 MiB in all. */
  static List<FieldError> configMap(Map<String, Object> document) {
    List<FieldError> errors = new ArrayList<>();
    Map<String, Object> data = Documents.childOrEmpty(document, "data");
    Map<String, Object> binary = Documents.childOrEmpty(document, "binaryData");
    long size = 0;
    for (Map.Entry<String, Object> entry : data.entrySet()) {
      keyErrors("data", entry.getKey(), errors);
      size += String.valueOf(entry.getValue()).getBytes(StandardCharsets.UTF_8).length;
    }
    for (Map.Entry<String, Object> entry : binary.entrySet()) {
      keyErrors("binaryData", entry.getKey(), errors);
      if (data.containsKey(entry.getKey())) {
        errors.add(FieldError.invalid("data[" + entry.getKey() + "]", entry.getKey(),
            "duplicate of key present in binaryData"));
      }
      size += decodedLength(entry.getValue());
    }
    if (size > MAX_SIZE) {
      errors.add(new FieldError("FieldValueTooLong", "", null, "must have at most " + MAX_SIZE + " bytes"));
    }
    return errors;
  }

  /** ValidateSecret: keys of {@code data}, 1 MiB in all. */
  static List<FieldError> secret(Map<String, Object> document) {
    List<FieldError> errors = new ArrayList<>();
    long size = 0;
    for (Map.Entry<String, Object> entry : Documents.childOrEmpty(document, "data").entrySet()) {
      keyErrors("data", entry.getKey(), errors);
      size += decodedLength(entry.getValue());
    }
    if (size > MAX_SIZE) {
      errors.add(new FieldError("FieldValueTooLong", "data", null, "must have at most " + MAX_SIZE + " bytes"));
    }
    return errors;
  }

  private static void keyErrors(String field, String key, List<FieldError> errors) {
    String path = field + "[" + key + "]";
    if (key.length() > 253) {
      errors.add(FieldError.invalid(path, key, "must be no more than 253 characters"));
    }
    if (!CONFIG_KEY.matcher(key).matches()) {
      errors.add(FieldError.invalid(path, key, CONFIG_KEY_DETAIL));
    }
    if (".".equals(key) || "..".equals(key) || key.startsWith("..")) {
      errors.add(FieldError.invalid(path, key, ".".equals(key) ? "must not be '.'" : "..".equals(key)
          ? "must not be '..'" : "must not start with '..'"));
    }
  }

  private static long decodedLength(Object value) {
    String text = String.valueOf(value);
    int padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
    return (long) text.length() * 3 / 4 - padding;
  }
}

package io.informer4j.kubernetes.testserver;

import static io.informer4j.kubernetes.testserver.DefaultedFields.items;
import static io.informer4j.kubernetes.testserver.DefaultedFields.orDefault;
import static io.informer4j.kubernetes.testserver.DefaultedFields.unset;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the API server sets on a Service: SetDefaults_Service (kubernetes/pkg/apis/core/v1/defaults.go:
 * {@code type} ClusterIP, {@code sessionAffinity} None, the ports' protocol TCP and
 * {@code targetPort} their {@code port}, {@code internalTrafficPolicy} and
 * {@code externalTrafficPolicy} Cluster, {@code allocateLoadBalancerNodePorts} true) and the
 * Service REST storage's allocation (kubernetes/pkg/registry/core/service/storage/alloc.go): a
 * cluster IP from {@link ServiceAddresses}, {@code clusterIPs}, {@code ipFamilies} [IPv4] and
 * {@code ipFamilyPolicy} SingleStack (RequireDualStack for a headless Service without selector), node
 * ports for NodePort and LoadBalancer Services; an update keeps the allocated values a client leaves
 * unset (patchAllocatedValues). A requested address in use or out of range is 422. Not thread-safe
 * per document; the addresses are.
 */
final class ServiceDefaults {

  private static final String NONE = "None";

  private final ServiceAddresses addresses;

  ServiceDefaults(ServiceAddresses addresses) {
    this.addresses = addresses;
  }

  /**
   * Allocates for the Service {@code document} (already through {@link #defaults}), created when
   * {@code old} is null, among the {@code stored} Services.
   *
   * @return the allocation errors (empty when none)
   */
  List<FieldError> apply(Map<String, Object> old, Map<String, Object> document, List<Map<String, Object>> stored) {
    Map<String, Object> spec = Documents.child(document, "spec");
    String type = Documents.text(spec, "type");
    if ("ExternalName".equals(type)) {
      return List.of();
    }
    String uid = old == null ? null : Documents.text(Documents.childOrEmpty(old, "metadata"), "uid");
    List<Map<String, Object>> others = stored.stream()
        .filter(s -> uid == null || !uid.equals(Documents.childOrEmpty(s, "metadata").get("uid"))).toList();
    Map<String, Object> oldSpec = Documents.childOrEmpty(old, "spec");
    if (old != null && !"ExternalName".equals(oldSpec.get("type"))) {
      for (String kept : List.of("clusterIP", "clusterIPs", "ipFamilies", "ipFamilyPolicy")) {
        if (unset(spec, kept) && oldSpec.get(kept) != null) {
          spec.put(kept, Documents.copy(oldSpec.get(kept)));
        }
      }
    }
    List<FieldError> errors = new ArrayList<>(clusterIp(spec, others, oldSpec));
    boolean nodePorts = "NodePort".equals(type) || "LoadBalancer".equals(type);
    if (nodePorts && !Boolean.FALSE.equals(spec.get("allocateLoadBalancerNodePorts"))) {
      errors.addAll(nodePorts(spec, others, oldSpec));
    }
    return errors;
  }

  /** SetDefaults_Service alone: the defaults that need no allocation. */
  static void defaults(Map<String, Object> document) {
    Map<String, Object> spec = Documents.child(document, "spec");
    orDefault(spec, "sessionAffinity", "None");
    if ("ClientIP".equals(spec.get("sessionAffinity")) && spec.get("sessionAffinityConfig") == null) {
      spec.put("sessionAffinityConfig", Map.of("clientIP", Map.of("timeoutSeconds", 10800)));
    }
    orDefault(spec, "type", "ClusterIP");
    String type = Documents.text(spec, "type");
    for (Map<String, Object> port : items(spec, "ports")) {
      orDefault(port, "protocol", "TCP");
      Object target = port.get("targetPort");
      if (target == null || "".equals(target) || target instanceof Number n && n.intValue() == 0) {
        port.put("targetPort", port.get("port"));
      }
    }
    boolean nodePorts = "NodePort".equals(type) || "LoadBalancer".equals(type);
    if (nodePorts) {
      orDefault(spec, "externalTrafficPolicy", "Cluster");
    }
    if ("LoadBalancer".equals(type)) {
      orDefault(spec, "allocateLoadBalancerNodePorts", true);
    }
    if (!"ExternalName".equals(type)) {
      orDefault(spec, "internalTrafficPolicy", "Cluster");
    }
  }

  private List<FieldError> clusterIp(Map<String, Object> spec, List<Map<String, Object>> others, Map<String, Object> oldSpec) {
    List<String> ips = Documents.strings(spec, "clusterIPs");
    if (unset(spec, "clusterIP") && !ips.isEmpty()) {
      spec.put("clusterIP", ips.get(0));
    }
    String ip = Documents.text(spec, "clusterIP");
    boolean headless = NONE.equals(ip);
    if (ip == null || ip.isEmpty()) {
      ip = addresses.allocateIp(others);
      spec.put("clusterIP", ip);
    } else if (!headless && !ip.equals(Documents.text(oldSpec, "clusterIP"))) {
      String refusal = addresses.refuseIp(ip, others);
      if (refusal != null) {
        return List.of(FieldError.invalid("spec.clusterIPs", null, GoValues.strings(List.of(ip)) + ": " + refusal));
      }
    }
    if (ips.isEmpty()) {
      spec.put("clusterIPs", new ArrayList<>(List.of(ip)));
    }
    orDefault(spec, "ipFamilyPolicy", headless && Documents.childOrEmpty(spec, "selector").isEmpty()
        ? "RequireDualStack" : "SingleStack");
    if (spec.get("ipFamilies") == null) {
      spec.put("ipFamilies", new ArrayList<>(List.of("IPv4")));
    }
    return List.of();
  }

  private List<FieldError> nodePorts(Map<String, Object> spec, List<Map<String, Object>> others, Map<String, Object> oldSpec) {
    List<FieldError> errors = new ArrayList<>();
    Set<Integer> taken = new HashSet<>();
    Set<Integer> oldPorts = new HashSet<>();
    List<Map<String, Object>> oldItems = items(oldSpec, "ports");
    oldItems.forEach(p -> {
      if (p.get("nodePort") instanceof Number n) {
        oldPorts.add(n.intValue());
      }
    });
    List<Map<String, Object>> ports = items(spec, "ports");
    for (int i = 0; i < ports.size(); i++) {
      Map<String, Object> port = ports.get(i);
      if (port.get("nodePort") instanceof Number given && given.intValue() != 0) {
        String refusal = oldPorts.contains(given.intValue()) ? null : addresses.refusePort(given.intValue(), others);
        if (refusal != null) {
          errors.add(FieldError.invalid("spec.ports[" + i + "].nodePort", null, given + ": " + refusal));
        }
        taken.add(given.intValue());
      }
    }
    for (int i = 0; i < ports.size(); i++) {
      Map<String, Object> port = ports.get(i);
      if (!(port.get("nodePort") instanceof Number given) || given.intValue() == 0) {
        Integer kept = i < oldItems.size() && oldItems.get(i).get("nodePort") instanceof Number n
            && !taken.contains(n.intValue()) ? n.intValue() : null;
        int allocated = kept != null ? kept : addresses.allocatePort(others, taken);
        port.put("nodePort", allocated);
        taken.add(allocated);
      }
    }
    return errors;
  }
}

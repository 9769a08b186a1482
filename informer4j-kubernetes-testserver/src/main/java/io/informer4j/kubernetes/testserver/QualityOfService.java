package io.informer4j.kubernetes.testserver;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A Pod's quality-of-service class as the API server computes it for {@code status.qosClass}
 * (kubernetes/pkg/apis/core/helper/qos/qos.go, GetPodQOS): BestEffort when no container requests or
 * limits CPU or memory, Guaranteed when every container limits both and the requests equal the
 * limits, Burstable otherwise. Stateless.
 */
final class QualityOfService {

  private static final List<String> COMPUTE = List.of("cpu", "memory");

  private QualityOfService() {
  }

  /** Returns the class of the pod spec {@code spec} (its quantities in canonical form). */
  static String of(Map<String, Object> spec) {
    Map<String, BigDecimal> requests = new HashMap<>();
    Map<String, BigDecimal> limits = new HashMap<>();
    boolean guaranteed = true;
    for (String list : List.of("initContainers", "containers")) {
      for (Map<String, Object> container : DefaultedFields.items(spec, list)) {
        Map<String, Object> resources = Documents.childOrEmpty(container, "resources");
        add(Documents.childOrEmpty(resources, "requests"), requests);
        Set<String> limited = add(Documents.childOrEmpty(resources, "limits"), limits);
        if (!limited.containsAll(COMPUTE)) {
          guaranteed = false;
        }
      }
    }
    if (requests.isEmpty() && limits.isEmpty()) {
      return "BestEffort";
    }
    if (guaranteed && requests.size() == limits.size()) {
      boolean equal = requests.entrySet().stream()
          .allMatch(e -> limits.containsKey(e.getKey()) && limits.get(e.getKey()).compareTo(e.getValue()) == 0);
      if (equal) {
        return "Guaranteed";
      }
    }
    return "Burstable";
  }

  private static Set<String> add(Map<String, Object> list, Map<String, BigDecimal> sums) {
    Set<String> found = new HashSet<>();
    list.forEach((name, quantity) -> {
      BigDecimal value = Quantities.value(String.valueOf(quantity));
      if (COMPUTE.contains(name) && value.signum() != 0) {
        sums.merge(name, value, BigDecimal::add);
        found.add(name);
      }
    });
    return found;
  }
}

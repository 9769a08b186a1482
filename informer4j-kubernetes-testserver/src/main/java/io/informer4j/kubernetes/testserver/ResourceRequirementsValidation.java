package io.informer4j.kubernetes.testserver;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * The checks of a container's {@code resources} the API server makes
 * (kubernetes/pkg/apis/core/validation/validation.go: ValidateContainerResourceRequirements,
 * validateContainerResourceName, ValidateResourceQuantityValue; helper.IsOvercommitAllowed): names
 * that are standard container resources (cpu, memory, ephemeral-storage, hugepages-*) or qualified
 * names with a domain; quantities not negative, whole numbers for extended resources; each request at
 * most its limit, equal to it for resources that cannot be overcommitted (hugepages, extended
 * resources), which need a limit; hugepages only with cpu or memory. The quantities are already in
 * canonical form (defaulting comes first). Stateless.
 */
final class ResourceRequirementsValidation {

  private static final List<String> STANDARD = List.of("cpu", "memory", "ephemeral-storage");
  private static final String HUGE_PAGES = "hugepages-";
  private static final String NATIVE_DOMAIN = "kubernetes.io/";

  private ResourceRequirementsValidation() {
  }

  /** Adds the errors of {@code resources} at {@code path} ({@code spec.containers[0].resources}). */
  static void errors(Map<String, Object> resources, String path, List<FieldError> errors) {
    Map<String, Object> limits = Documents.childOrEmpty(resources, "limits");
    Map<String, Object> requests = Documents.childOrEmpty(resources, "requests");
    String limitsPath = path + ".limits";
    String requestsPath = path + ".requests";
    boolean hugePages = false;
    boolean cpuOrMemory = false;
    for (Map.Entry<String, Object> limit : limits.entrySet()) {
      quantity(limit.getKey(), limit.getValue(), limitsPath + "[" + limit.getKey() + "]", errors);
      hugePages |= limit.getKey().startsWith(HUGE_PAGES);
      cpuOrMemory |= limit.getKey().equals("cpu") || limit.getKey().equals("memory");
    }
    for (Map.Entry<String, Object> request : requests.entrySet()) {
      String name = request.getKey();
      quantity(name, request.getValue(), requestsPath + "[" + name + "]", errors);
      Object limit = limits.get(name);
      if (limit != null) {
        int comparison = value(request.getValue()).compareTo(value(limit));
        if (comparison != 0 && !overcommitAllowed(name)) {
          errors.add(FieldError.invalid(requestsPath, String.valueOf(request.getValue()),
              "must be equal to " + name + " limit of " + limit));
        } else if (comparison > 0) {
          errors.add(FieldError.invalid(requestsPath, String.valueOf(request.getValue()),
              "must be less than or equal to " + name + " limit of " + limit));
        }
      } else if (!overcommitAllowed(name)) {
        errors.add(FieldError.required(limitsPath, "Limit must be set for non overcommitable resources"));
      }
      cpuOrMemory |= name.equals("cpu") || name.equals("memory");
    }
    if (hugePages && !cpuOrMemory) {
      errors.add(FieldError.forbidden(limitsPath, "HugePages require cpu or memory"));
    }
  }

  /** The name (validateContainerResourceName) and quantity (ValidateResourceQuantityValue) of one entry. */
  private static void quantity(String name, Object quantity, String path, List<FieldError> errors) {
    QualifiedNames.keyErrors(name).forEach(detail -> errors.add(FieldError.invalid(path, name, detail)));
    if (!name.contains("/") && !STANDARD.contains(name) && !name.startsWith(HUGE_PAGES)) {
      errors.add(FieldError.invalid(path, name, "must be a standard resource for containers"));
    }
    BigDecimal value = value(quantity);
    if (value.signum() < 0) {
      errors.add(FieldError.invalid(path, String.valueOf(quantity), "must be greater than or equal to 0"));
    }
    if (!isNative(name) && value.stripTrailingZeros().scale() > 0) {
      errors.add(FieldError.invalid(path, String.valueOf(quantity), "must be an integer"));
    }
  }

  /** helper.IsNativeResource: no domain, or the kubernetes.io domain. */
  private static boolean isNative(String name) {
    return !name.contains("/") || name.contains(NATIVE_DOMAIN);
  }

  /** helper.IsOvercommitAllowed: native resources other than hugepages. */
  private static boolean overcommitAllowed(String name) {
    return isNative(name) && !name.startsWith(HUGE_PAGES);
  }

  private static BigDecimal value(Object quantity) {
    return Quantities.value(quantity);
  }
}

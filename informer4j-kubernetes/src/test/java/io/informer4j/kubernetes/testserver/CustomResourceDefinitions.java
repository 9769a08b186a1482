package io.informer4j.kubernetes.testserver;

import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a CustomResourceDefinition document means to the test server: the types it defines, and
 * the document as stored once the type is served (with the {@code Established} and
 * {@code NamesAccepted} conditions a real API server sets). Stateless.
 */
final class CustomResourceDefinitions {

  /** The type of CRDs themselves. */
  static final ResourceDescriptor CRD = new ResourceDescriptor(
      TypeKey.of("apiextensions.k8s.io", "v1", "CustomResourceDefinition"), "customresourcedefinitions", Scope.CLUSTER);

  private CustomResourceDefinitions() {
  }

  /**
   * Returns the types a CRD document defines: one per served version.
   *
   * @throws IllegalArgumentException if the spec lacks the group, names, scope or versions
   */
  static List<ResourceDescriptor> definedTypes(Map<String, Object> crd) {
    Map<?, ?> spec = map(crd.get("spec"), "spec");
    Map<?, ?> names = map(spec.get("names"), "spec.names");
    String group = text(spec.get("group"), "spec.group");
    String kind = text(names.get("kind"), "spec.names.kind");
    String plural = text(names.get("plural"), "spec.names.plural");
    Scope scope = "Cluster".equals(spec.get("scope")) ? Scope.CLUSTER : Scope.NAMESPACED;
    if (!(spec.get("versions") instanceof List<?> versions) || versions.isEmpty()) {
      throw new IllegalArgumentException("spec.versions is required");
    }
    List<ResourceDescriptor> types = new ArrayList<>();
    for (Object entry : versions) {
      Map<?, ?> version = map(entry, "spec.versions[]");
      if (!Boolean.FALSE.equals(version.get("served"))) {
        types.add(new ResourceDescriptor(TypeKey.of(group, text(version.get("name"), "spec.versions[].name"), kind), plural, scope));
      }
    }
    return types;
  }

  /** Returns the CRD document with its status saying the names are accepted and it is established. */
  static Map<String, Object> established(Map<String, Object> crd) {
    Map<String, Object> copy = new LinkedHashMap<>(crd);
    copy.put("status", Map.of("conditions", List.of(
        Map.of("type", "NamesAccepted", "status", "True", "reason", "NoConflicts"),
        Map.of("type", "Established", "status", "True", "reason", "InitialNamesAccepted"))));
    return copy;
  }

  /** Returns a minimal CRD document defining {@code descriptor}'s type. */
  static Map<String, Object> document(ResourceDescriptor descriptor) {
    TypeKey type = descriptor.type();
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("group", type.group());
    spec.put("names", Map.of("kind", type.kind(), "plural", descriptor.plural(),
        "singular", type.kind().toLowerCase(java.util.Locale.ROOT)));
    spec.put("scope", descriptor.scope() == Scope.CLUSTER ? "Cluster" : "Namespaced");
    spec.put("versions", List.of(Map.of("name", type.version(), "served", true, "storage", true)));
    Map<String, Object> crd = new LinkedHashMap<>();
    crd.put("apiVersion", CRD.type().apiVersion());
    crd.put("kind", CRD.type().kind());
    crd.put("metadata", Map.of("name", descriptor.plural() + "." + type.group()));
    crd.put("spec", spec);
    return crd;
  }

  private static Map<?, ?> map(Object value, String field) {
    if (value instanceof Map<?, ?> map) {
      return map;
    }
    throw new IllegalArgumentException(field + " is required");
  }

  private static String text(Object value, String field) {
    if (value instanceof String text && !text.isEmpty()) {
      return text;
    }
    throw new IllegalArgumentException(field + " is required");
  }
}

package io.informer4j.kubernetes.testserver;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a CustomResourceDefinition document means to the test server, after the apiextensions-apiserver:
 * the types it serves (one per served version, all stored as the one storage version: conversion
 * strategy None rewrites only {@code apiVersion}), their schemas, and the status the CRD goes
 * through — created with no conditions, then {@code NamesAccepted=True} and
 * {@code Established=False/Installing} (pkg/controller/status/naming_controller.go), then
 * {@code Established=True/InitialNamesAccepted} (pkg/controller/establish/establishing_controller.go),
 * and on deletion the {@code customresourcecleanup.apiextensions.k8s.io} finalizer with
 * {@code Terminating=True} (pkg/registry/customresourcedefinition/etcd.go, REST.Delete). Stateless.
 */
final class CustomResourceDefinitions {

  /** The type of CRDs themselves. */
  static final ResourceType CRD = ResourceType.of(CustomResourceDefinition.class);
  /** The finalizer the API server adds to a CRD being deleted until its objects are gone. */
  static final String CLEANUP_FINALIZER = "customresourcecleanup.apiextensions.k8s.io";

  private CustomResourceDefinitions() {
  }

  /**
   * Reads the CRD held by a classpath resource (YAML or JSON), through the thread's context class loader.
   *
   * @throws IllegalArgumentException if there is no such resource, or it holds no CRD
   * @throws UncheckedIOException     if the resource cannot be read
   */
  static CustomResourceDefinition read(String resource) {
    String path = resource.startsWith("/") ? resource.substring(1) : resource;
    try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalArgumentException("no CRD resource " + resource + " on the classpath");
      }
      if (new KubernetesSerialization().unmarshal(in) instanceof CustomResourceDefinition crd) {
        return crd;
      }
      throw new IllegalArgumentException(resource + " holds no apiextensions.k8s.io/v1 CustomResourceDefinition");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the CRD resource " + resource, e);
    }
  }

  /**
   * Returns the types a CRD document serves: one per served version, stored as the storage version.
   *
   * @throws RejectedRequest (422 Invalid) if the spec lacks the group, names, scope or versions, has
   *                         not exactly one storage version, or the CRD is not named {@code <plural>.<group>}
   */
  static List<ResourceType> servedTypes(Map<String, Object> crd) {
    Map<String, Object> spec = Documents.childOrEmpty(crd, "spec");
    Map<String, Object> names = Documents.childOrEmpty(spec, "names");
    String name = Documents.text(Documents.childOrEmpty(crd, "metadata"), "name");
    String group = required(Documents.text(spec, "group"), "spec.group", name);
    String kind = required(Documents.text(names, "kind"), "spec.names.kind", name);
    String plural = required(Documents.text(names, "plural"), "spec.names.plural", name);
    if (!(plural + "." + group).equals(name)) {
      throw invalid(name, FieldError.invalid("metadata.name", name, "must be spec.names.plural+\".\"+spec.group"));
    }
    Scope scope = switch (String.valueOf(spec.get("scope"))) {
      case "Cluster" -> Scope.CLUSTER;
      case "Namespaced" -> Scope.NAMESPACED;
      default -> throw invalid(name, new FieldError("FieldValueNotSupported", "spec.scope", String.valueOf(spec.get("scope")),
          "supported values: \"Cluster\", \"Namespaced\""));
    };
    List<Map<String, Object>> versions = versions(crd);
    if (versions.isEmpty()) {
      throw invalid(name, FieldError.invalid("spec.versions", "null", "must have exactly one version marked as storage version"));
    }
    List<String> storage = versions.stream().filter(v -> Boolean.TRUE.equals(v.get("storage")))
        .map(v -> Documents.text(v, "name")).toList();
    if (storage.size() != 1) {
      throw invalid(name, FieldError.invalid("spec.versions", String.valueOf(storage.size()),
          "must have exactly one version marked as storage version"));
    }
    TypeKey storageType = TypeKey.of(group, required(storage.get(0), "spec.versions[].name", name), kind);
    List<ResourceType> types = new ArrayList<>();
    for (Map<String, Object> version : versions) {
      if (Boolean.TRUE.equals(version.get("served"))) {
        boolean status = Documents.childOrEmpty(version, "subresources").containsKey("status");
        types.add(new ResourceType(TypeKey.of(group, Documents.text(version, "name"), kind), storageType, plural, scope,
            Documents.strings(names, "shortNames"), Documents.strings(names, "categories"), status,
            ResourceType.GenerationRule.CONTENT, selectableFields(version)));
      }
    }
    return types;
  }

  /**
   * Checks a CRD document as the API server does on a create or an update: what {@link #servedTypes}
   * checks, then the {@code x-kubernetes-validations} rules of its schemas ({@link CelValidator}),
   * named under {@code spec.validation.openAPIV3Schema} when every version has the same schema
   * (the API server's internal form keeps one schema then) and under
   * {@code spec.versions[i].schema.openAPIV3Schema} otherwise; and the {@code subresources.scale}
   * of each version ({@link ScaleSubresource#declarationErrors}), named likewise under
   * {@code spec.subresources} when every version has the same subresources.
   *
   * @throws RejectedRequest (422 Invalid) with a cause per problem
   */
  static void validate(Map<String, Object> crd) {
    servedTypes(crd);
    List<Map<String, Object>> versions = versions(crd);
    List<Map<String, Object>> schemas = new ArrayList<>();
    versions.forEach(version -> schemas.add(schema(crd, Documents.text(version, "name"))));
    List<FieldError> problems = new ArrayList<>();
    if (schemas.stream().distinct().count() == 1) {
      CelValidator.compile(schemas.get(0), "spec.validation.openAPIV3Schema", problems);
    } else {
      for (int i = 0; i < schemas.size(); i++) {
        CelValidator.compile(schemas.get(i), "spec.versions[" + i + "].schema.openAPIV3Schema", problems);
      }
    }
    List<Map<String, Object>> subresources = versions.stream().map(v -> Documents.childOrEmpty(v, "subresources")).toList();
    for (int i = 0; i < subresources.size(); i++) {
      if (subresources.get(i).get("scale") instanceof Map<?, ?> scale) {
        boolean shared = subresources.stream().distinct().count() == 1;
        problems.addAll(ScaleSubresource.declarationErrors(scale, shared ? "spec.subresources"
            : "spec.versions[" + i + "].subresources"));
        if (shared) {
          break;
        }
      }
    }
    if (!problems.isEmpty()) {
      String name = Documents.text(Documents.childOrEmpty(crd, "metadata"), "name");
      throw new RejectedRequest(Statuses.invalid(CRD.type(), name == null ? "" : name, problems));
    }
  }

  /** Returns the type CRD objects are stored as (the storage version's). */
  static TypeKey storageType(Map<String, Object> crd) {
    Map<String, Object> spec = Documents.childOrEmpty(crd, "spec");
    String kind = Documents.text(Documents.childOrEmpty(spec, "names"), "kind");
    for (Map<String, Object> version : versions(crd)) {
      if (Boolean.TRUE.equals(version.get("storage"))) {
        return TypeKey.of(Documents.text(spec, "group"), Documents.text(version, "name"), kind);
      }
    }
    throw new IllegalStateException("a stored CRD has no storage version: " + crd.get("metadata"));
  }

  /** Returns the {@code /scale} subresource {@code version} declares, or null when it declares none. */
  static ScaleSubresource scale(Map<String, Object> crd, String version) {
    return versions(crd).stream().filter(entry -> version.equals(entry.get("name"))).findFirst()
        .map(ScaleSubresource::declared).orElse(null);
  }

  /** Returns the {@code openAPIV3Schema} of {@code version}, or null when it has none. */
  static Map<String, Object> schema(Map<String, Object> crd, String version) {
    for (Map<String, Object> entry : versions(crd)) {
      if (version.equals(entry.get("name"))) {
        Map<String, Object> schema = Documents.childOrEmpty(Documents.childOrEmpty(entry, "schema"), "openAPIV3Schema");
        return schema.isEmpty() ? null : schema;
      }
    }
    return null;
  }

  /** Returns the status of a CRD as created: no conditions, no accepted names, the storage version stored. */
  static Map<String, Object> initialStatus(Map<String, Object> crd) {
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("acceptedNames", Map.of("kind", "", "plural", ""));
    status.put("conditions", List.of());
    status.put("storedVersions", List.of(storageType(crd).version()));
    return status;
  }

  /** Returns {@code crd} with its names accepted and {@code Established=False} (reason Installing). */
  static Map<String, Object> namesAccepted(Map<String, Object> crd, String now) {
    Map<String, Object> copy = Documents.copy(crd);
    Map<String, Object> status = Documents.child(copy, "status");
    Map<String, Object> names = Documents.copy(Documents.childOrEmpty(Documents.childOrEmpty(crd, "spec"), "names"));
    String kind = Documents.text(names, "kind");
    names.putIfAbsent("singular", kind.toLowerCase(Locale.ROOT));
    names.putIfAbsent("listKind", kind + "List");
    status.put("acceptedNames", names);
    setCondition(status, "NamesAccepted", "True", "NoConflicts", "no conflicts found", now);
    setCondition(status, "Established", "False", "Installing", "the initial names have been accepted", now);
    return copy;
  }

  /** Returns {@code crd} with {@code Established=True}. */
  static Map<String, Object> established(Map<String, Object> crd, String now) {
    Map<String, Object> copy = Documents.copy(crd);
    setCondition(Documents.child(copy, "status"), "Established", "True", "InitialNamesAccepted",
        "the initial names have been accepted", now);
    return copy;
  }

  /** Returns true when {@code crd} has {@code Established=True}. */
  static boolean isEstablished(Map<String, Object> crd) {
    if (Documents.childOrEmpty(crd, "status").get("conditions") instanceof List<?> conditions) {
      return conditions.stream().anyMatch(c -> c instanceof Map<?, ?> m && "Established".equals(m.get("type"))
          && "True".equals(m.get("status")));
    }
    return false;
  }

  /** Returns {@code crd} being deleted: the cleanup finalizer added and {@code Terminating=True}. */
  static Map<String, Object> terminating(Map<String, Object> crd, String now) {
    Map<String, Object> copy = Documents.copy(crd);
    Map<String, Object> metadata = Documents.metadata(copy);
    List<String> finalizers = new ArrayList<>(Documents.strings(metadata, "finalizers"));
    if (!finalizers.contains(CLEANUP_FINALIZER)) {
      finalizers.add(CLEANUP_FINALIZER);
    }
    metadata.put("finalizers", finalizers);
    setCondition(Documents.child(copy, "status"), "Terminating", "True", "InstanceDeletionInProgress",
        "CustomResource deletion is in progress", now);
    return copy;
  }

  /** Returns {@code crd} without the cleanup finalizer (its objects are gone). */
  static Map<String, Object> cleanedUp(Map<String, Object> crd) {
    Map<String, Object> copy = Documents.copy(crd);
    Map<String, Object> metadata = Documents.metadata(copy);
    List<String> finalizers = new ArrayList<>(Documents.strings(metadata, "finalizers"));
    finalizers.remove(CLEANUP_FINALIZER);
    metadata.put("finalizers", finalizers);
    return copy;
  }

  /**
   * Returns a CRD document defining {@code type}'s kind at its version, with a schema that keeps any
   * field and, when the type has one, the status subresource.
   */
  static Map<String, Object> document(ResourceType type) {
    TypeKey key = type.type();
    Map<String, Object> names = new LinkedHashMap<>();
    names.put("kind", key.kind());
    names.put("plural", type.plural());
    names.put("singular", key.kind().toLowerCase(Locale.ROOT));
    if (!type.shortNames().isEmpty()) {
      names.put("shortNames", type.shortNames());
    }
    if (!type.categories().isEmpty()) {
      names.put("categories", type.categories());
    }
    Map<String, Object> version = new LinkedHashMap<>();
    version.put("name", key.version());
    version.put("served", true);
    version.put("storage", true);
    version.put("schema", Map.of("openAPIV3Schema", Map.of("type", "object", "x-kubernetes-preserve-unknown-fields", true)));
    if (type.statusSubresource()) {
      version.put("subresources", Map.of("status", Map.of()));
    }
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("group", key.group());
    spec.put("names", names);
    spec.put("scope", type.scope() == Scope.CLUSTER ? "Cluster" : "Namespaced");
    spec.put("versions", List.of(version));
    Map<String, Object> crd = new LinkedHashMap<>();
    crd.put("apiVersion", CRD.type().apiVersion());
    crd.put("kind", CRD.type().kind());
    crd.put("metadata", Map.of("name", type.plural() + "." + key.group()));
    crd.put("spec", spec);
    return crd;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> versions(Map<String, Object> crd) {
    List<Map<String, Object>> versions = new ArrayList<>();
    if (Documents.childOrEmpty(crd, "spec").get("versions") instanceof List<?> list) {
      list.stream().filter(v -> v instanceof Map<?, ?>).forEach(v -> versions.add((Map<String, Object>) v));
    }
    return versions;
  }

  private static Set<String> selectableFields(Map<String, Object> version) {
    List<String> fields = new ArrayList<>();
    if (version.get("selectableFields") instanceof List<?> list) {
      for (Object entry : list) {
        if (entry instanceof Map<?, ?> field && field.get("jsonPath") instanceof String path) {
          fields.add(path.startsWith(".") ? path.substring(1) : path);
        }
      }
    }
    return Set.copyOf(fields);
  }

  private static void setCondition(Map<String, Object> status, String type, String value, String reason, String message,
                                   String now) {
    List<Object> conditions = new ArrayList<>();
    if (status.get("conditions") instanceof List<?> existing) {
      existing.stream().filter(c -> !(c instanceof Map<?, ?> m && type.equals(m.get("type")))).forEach(conditions::add);
    }
    Map<String, Object> condition = new LinkedHashMap<>();
    condition.put("type", type);
    condition.put("status", value);
    condition.put("lastTransitionTime", now);
    condition.put("reason", reason);
    condition.put("message", message);
    conditions.add(condition);
    status.put("conditions", conditions);
  }

  private static String required(String value, String field, String name) {
    if (value == null || value.isEmpty()) {
      throw invalid(name, FieldError.required(field, ""));
    }
    return value;
  }

  private static RejectedRequest invalid(String name, FieldError error) {
    return new RejectedRequest(Statuses.invalid(CRD.type(), name == null ? "" : name, List.of(error)));
  }
}

package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.Scope;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The resource types the test server serves, by group, version and plural, and the discovery
 * documents that describe them, as the API server's legacy discovery answers (k8s.io/apiserver
 * pkg/endpoints/discovery): {@code APIVersions}, {@code APIGroupList}, {@code APIGroup} and
 * {@code APIResourceList} with short names, categories, verbs and the {@code /status} and
 * {@code /scale} subresources (the latter of group {@code autoscaling}, version {@code v1}, kind {@code Scale}).
 * A group's versions are listed preferred first ({@link VersionPriority}). Thread-safe.
 */
final class ServedTypes {

  private static final List<String> VERBS =
      List.of("create", "delete", "deletecollection", "get", "list", "patch", "update", "watch");
  private static final List<String> STATUS_VERBS = List.of("get", "patch", "update");

  private final Map<String, ResourceType> byPath = new ConcurrentHashMap<>();
  private final Map<String, Map<String, Object>> schemas = new ConcurrentHashMap<>();
  private final Set<String> builtIn = ConcurrentHashMap.newKeySet();
  private final Map<String, CelValidator> validators = new ConcurrentHashMap<>();
  private final Map<String, ScaleSubresource> scales = new ConcurrentHashMap<>();

  void add(ResourceType type) {
    byPath.put(key(type.type().group(), type.type().version(), type.plural()), type);
  }

  /**
   * Serves {@code type} with the OpenAPI v3 schema of its objects (a CRD version's openAPIV3Schema,
   * or a built-in kind's read from its model class when {@code builtInKind}), or none; a custom
   * resource's validation rules are compiled here, once (a CRD's rules were checked when it was written);
   * with {@code scale} (or null) its {@code /scale} subresource.
   */
  void add(ResourceType type, Map<String, Object> schema, boolean builtInKind, ScaleSubresource scale) {
    add(type);
    String key = key(type.type().group(), type.type().version(), type.plural());
    if (scale == null) {
      scales.remove(key);
    } else {
      scales.put(key, scale);
    }
    if (schema == null) {
      schemas.remove(key);
    } else {
      schemas.put(key, schema);
    }
    CelValidator validator = builtInKind ? null : CelValidator.compile(schema, "openAPIV3Schema", new ArrayList<>());
    if (validator == null) {
      validators.remove(key);
    } else {
      validators.put(key, validator);
    }
    if (builtInKind) {
      builtIn.add(key);
    } else {
      builtIn.remove(key);
    }
  }

  void remove(ResourceType type) {
    String key = key(type.type().group(), type.type().version(), type.plural());
    byPath.remove(key);
    schemas.remove(key);
    builtIn.remove(key);
    validators.remove(key);
    scales.remove(key);
  }

  /** Returns the {@code /scale} subresource of {@code type}, if it is served. */
  Optional<ScaleSubresource> scale(ResourceType type) {
    return Optional.ofNullable(scales.get(key(type.type().group(), type.type().version(), type.plural())));
  }

  /** Returns true when {@code type} is a built-in kind served from its model class. */
  boolean isBuiltIn(ResourceType type) {
    return builtIn.contains(key(type.type().group(), type.type().version(), type.plural()));
  }

  /** Returns the schema {@code type} is served with, or null. */
  Map<String, Object> schema(ResourceType type) {
    return schemas.get(key(type.type().group(), type.type().version(), type.plural()));
  }

  /** Returns the compiled {@code x-kubernetes-validations} rules of {@code type}'s schema, or null when it has none. */
  CelValidator validator(ResourceType type) {
    return validators.get(key(type.type().group(), type.type().version(), type.plural()));
  }

  Optional<ResourceType> find(String group, String version, String plural) {
    return Optional.ofNullable(byPath.get(key(group, version, plural)));
  }

  /** Returns every served type. */
  List<ResourceType> all() {
    return List.copyOf(byPath.values());
  }

  /** Returns the {@code APIVersions} document of {@code /api}. */
  Map<String, Object> coreVersions() {
    return Map.of("kind", "APIVersions", "versions", List.of("v1"), "serverAddressByClientCIDRs",
        List.of(Map.of("clientCIDR", "0.0.0.0/0", "serverAddress", "127.0.0.1")));
  }

  /** Returns the {@code APIGroupList} document of {@code /apis}. */
  Map<String, Object> groupList() {
    Map<String, TreeSet<String>> versions = new LinkedHashMap<>();
    for (ResourceType type : byPath.values()) {
      if (!type.type().group().isEmpty()) {
        versions.computeIfAbsent(type.type().group(), g -> new TreeSet<>(VersionPriority.HIGHEST_FIRST))
            .add(type.type().version());
      }
    }
    List<Object> groups = new ArrayList<>();
    versions.forEach((group, names) -> groups.add(group(group, names)));
    return Map.of("kind", "APIGroupList", "apiVersion", "v1", "groups", groups);
  }

  /** Returns the {@code APIGroup} document of {@code /apis/{group}}, or empty when not served. */
  Optional<Map<String, Object>> group(String group) {
    TreeSet<String> names = new TreeSet<>(VersionPriority.HIGHEST_FIRST);
    byPath.values().stream().filter(t -> t.type().group().equals(group)).forEach(t -> names.add(t.type().version()));
    return names.isEmpty() ? Optional.empty() : Optional.of(group(group, names));
  }

  /** Returns the served group-versions as in {@code apiVersion} ({@code v1}, {@code apps/v1}). */
  TreeSet<String> groupVersions() {
    TreeSet<String> groupVersions = new TreeSet<>();
    byPath.values().forEach(t -> groupVersions.add(t.apiVersion()));
    return groupVersions;
  }

  /** Returns the {@code APIResourceList} of a group-version, or empty when none of it is served. */
  Optional<Map<String, Object>> resourceList(String group, String version) {
    List<Object> resources = new ArrayList<>();
    for (ResourceType t : byPath.values()) {
      if (t.type().group().equals(group) && t.type().version().equals(version)) {
        resources.add(resource(t.plural(), t, VERBS, true));
        if (t.statusSubresource()) {
          resources.add(resource(t.plural() + "/status", t, STATUS_VERBS, false));
        }
        if (scale(t).isPresent()) {
          Map<String, Object> scale = resource(t.plural() + "/scale", t, STATUS_VERBS, false);
          scale.put("group", ScaleSubresource.SCALE.group());
          scale.put("version", ScaleSubresource.SCALE.version());
          scale.put("kind", ScaleSubresource.SCALE.kind());
          resources.add(scale);
        }
      }
    }
    if (resources.isEmpty()) {
      return Optional.empty();
    }
    String groupVersion = group.isEmpty() ? version : group + "/" + version;
    return Optional.of(Map.of("kind", "APIResourceList", "apiVersion", "v1", "groupVersion", groupVersion,
        "resources", resources));
  }

  private static Map<String, Object> resource(String name, ResourceType t, List<String> verbs, boolean main) {
    Map<String, Object> resource = new LinkedHashMap<>();
    resource.put("name", name);
    resource.put("singularName", main ? t.type().kind().toLowerCase(Locale.ROOT) : "");
    resource.put("namespaced", t.scope() == Scope.NAMESPACED);
    resource.put("kind", t.type().kind());
    resource.put("verbs", verbs);
    if (main && !t.shortNames().isEmpty()) {
      resource.put("shortNames", t.shortNames());
    }
    if (main && !t.categories().isEmpty()) {
      resource.put("categories", t.categories());
    }
    return resource;
  }

  private static Map<String, Object> group(String group, TreeSet<String> names) {
    List<Object> versions = new ArrayList<>();
    for (String version : names) {
      versions.add(Map.of("groupVersion", group + "/" + version, "version", version));
    }
    return Map.of("kind", "APIGroup", "apiVersion", "v1", "name", group, "versions", versions,
        "preferredVersion", versions.get(0));
  }

  private static String key(String group, String version, String plural) {
    return group + "/" + version + "/" + plural;
  }
}

package io.informer4j.kubernetes.testserver;

import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The resource types the test server serves, by group, version and plural, and the discovery
 * documents that describe them. Thread-safe.
 */
final class ServedTypes {

  private final Map<String, ResourceDescriptor> byPath = new ConcurrentHashMap<>();

  void add(ResourceDescriptor descriptor) {
    byPath.put(key(descriptor.type().group(), descriptor.type().version(), descriptor.plural()), descriptor);
  }

  void remove(ResourceDescriptor descriptor) {
    byPath.remove(key(descriptor.type().group(), descriptor.type().version(), descriptor.plural()));
  }

  Optional<ResourceDescriptor> find(String group, String version, String plural) {
    return Optional.ofNullable(byPath.get(key(group, version, plural)));
  }

  /** Returns the {@code APIVersions} document of {@code /api}. */
  Map<String, Object> coreVersions() {
    return Map.of("kind", "APIVersions", "versions", List.of("v1"), "serverAddressByClientCIDRs", List.of());
  }

  /** Returns the {@code APIGroupList} document of {@code /apis}. */
  Map<String, Object> groupList() {
    Map<String, TreeSet<String>> versions = new LinkedHashMap<>();
    for (ResourceDescriptor descriptor : byPath.values()) {
      if (!descriptor.type().group().isEmpty()) {
        versions.computeIfAbsent(descriptor.type().group(), g -> new TreeSet<>()).add(descriptor.type().version());
      }
    }
    List<Object> groups = new ArrayList<>();
    versions.forEach((group, names) -> groups.add(group(group, names)));
    return Map.of("kind", "APIGroupList", "apiVersion", "v1", "groups", groups);
  }

  /** Returns the {@code APIGroup} document of {@code /apis/{group}}, or empty when not served. */
  Optional<Map<String, Object>> group(String group) {
    TreeSet<String> names = new TreeSet<>();
    byPath.values().stream().filter(d -> d.type().group().equals(group)).forEach(d -> names.add(d.type().version()));
    return names.isEmpty() ? Optional.empty() : Optional.of(group(group, names));
  }

  /** Returns the {@code APIResourceList} of a group-version, or empty when none of it is served. */
  Optional<Map<String, Object>> resourceList(String group, String version) {
    List<Object> resources = new ArrayList<>();
    for (ResourceDescriptor d : byPath.values()) {
      TypeKey type = d.type();
      if (type.group().equals(group) && type.version().equals(version)) {
        Map<String, Object> resource = new LinkedHashMap<>();
        resource.put("name", d.plural());
        resource.put("singularName", type.kind().toLowerCase(java.util.Locale.ROOT));
        resource.put("namespaced", d.scope() == Scope.NAMESPACED);
        resource.put("kind", type.kind());
        resource.put("verbs", List.of("create", "delete", "get", "list", "update", "watch"));
        resources.add(resource);
      }
    }
    if (resources.isEmpty()) {
      return Optional.empty();
    }
    String groupVersion = group.isEmpty() ? version : group + "/" + version;
    return Optional.of(Map.of("kind", "APIResourceList", "apiVersion", "v1", "groupVersion", groupVersion,
        "resources", resources));
  }

  private static Map<String, Object> group(String group, TreeSet<String> names) {
    List<Object> versions = new ArrayList<>();
    for (String version : names.descendingSet()) {
      versions.add(Map.of("groupVersion", group + "/" + version, "version", version));
    }
    return Map.of("kind", "APIGroup", "apiVersion", "v1", "name", group, "versions", versions,
        "preferredVersion", versions.get(0));
  }

  private static String key(String group, String version, String plural) {
    return group + "/" + version + "/" + plural;
  }
}

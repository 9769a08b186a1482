package io.informer4j.kubernetes.testserver;

import java.util.Arrays;

/**
 * A request path of the Kubernetes REST API, taken apart: discovery documents ({@code /api},
 * {@code /apis}, {@code /api/v1}, {@code /apis/{group}/{version}}) and resource paths
 * ({@code …/{version}[/namespaces/{ns}]/{plural}[/{name}]}).
 *
 * @param kind      what the path addresses
 * @param group     the API group ({@code ""} for the core group)
 * @param version   the API version, or null for the root documents
 * @param namespace the namespace of a resource path, or null
 * @param plural    the resource, or null for discovery
 * @param name      the object's name for object paths, or null for collections
 */
record ApiPath(Kind kind, String group, String version, String namespace, String plural, String name) {

  /** What a path addresses. */
  enum Kind { CORE_VERSIONS, GROUP_LIST, GROUP, RESOURCE_LIST, COLLECTION, OBJECT, UNKNOWN }

  private static final ApiPath UNKNOWN_PATH = new ApiPath(Kind.UNKNOWN, "", null, null, null, null);

  /** Parses a path (without its query). */
  static ApiPath parse(String path) {
    String[] parts = Arrays.stream(path.split("/")).filter(p -> !p.isEmpty()).toArray(String[]::new);
    if (parts.length == 0) {
      return UNKNOWN_PATH;
    }
    if ("api".equals(parts[0])) {
      if (parts.length == 1) {
        return new ApiPath(Kind.CORE_VERSIONS, "", null, null, null, null);
      }
      return resource("", parts[1], Arrays.copyOfRange(parts, 2, parts.length));
    }
    if ("apis".equals(parts[0])) {
      if (parts.length == 1) {
        return new ApiPath(Kind.GROUP_LIST, "", null, null, null, null);
      }
      if (parts.length == 2) {
        return new ApiPath(Kind.GROUP, parts[1], null, null, null, null);
      }
      return resource(parts[1], parts[2], Arrays.copyOfRange(parts, 3, parts.length));
    }
    return UNKNOWN_PATH;
  }

  private static ApiPath resource(String group, String version, String[] rest) {
    if (rest.length == 0) {
      return new ApiPath(Kind.RESOURCE_LIST, group, version, null, null, null);
    }
    if (rest.length >= 3 && "namespaces".equals(rest[0])) {
      if (rest.length == 3) {
        return new ApiPath(Kind.COLLECTION, group, version, rest[1], rest[2], null);
      }
      if (rest.length == 4) {
        return new ApiPath(Kind.OBJECT, group, version, rest[1], rest[2], rest[3]);
      }
      return UNKNOWN_PATH;
    }
    if (rest.length == 1) {
      return new ApiPath(Kind.COLLECTION, group, version, null, rest[0], null);
    }
    if (rest.length == 2) {
      return new ApiPath(Kind.OBJECT, group, version, null, rest[0], rest[1]);
    }
    return UNKNOWN_PATH;
  }
}

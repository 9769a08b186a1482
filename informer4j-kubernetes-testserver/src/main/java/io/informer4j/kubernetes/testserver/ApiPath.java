package io.informer4j.kubernetes.testserver;

import java.util.Arrays;

/**
 * A request path of the Kubernetes REST API, taken apart: {@code /version}, the OpenAPI documents
 * ({@code /openapi/v2}, {@code /openapi/v3}, {@code /openapi/v3/{api|apis/group}/{version}}),
 * discovery documents ({@code /api}, {@code /apis}, {@code /api/v1}, {@code /apis/{group}/{version}})
 * and resource paths ({@code …/{version}[/namespaces/{ns}]/{plural}[/{name}[/status|/scale]]}).
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
  enum Kind {
    VERSION, OPENAPI_V2, OPENAPI_V3, OPENAPI_V3_GROUP_VERSION, CORE_VERSIONS, GROUP_LIST, GROUP, RESOURCE_LIST,
    COLLECTION, OBJECT, STATUS, SCALE, UNKNOWN
  }

  private static final ApiPath UNKNOWN_PATH = new ApiPath(Kind.UNKNOWN, "", null, null, null, null);

  /** Parses a path (without its query). */
  static ApiPath parse(String path) {
    String[] parts = Arrays.stream(path.split("/")).filter(p -> !p.isEmpty()).toArray(String[]::new);
    if (parts.length == 0) {
      return UNKNOWN_PATH;
    }
    if ("version".equals(parts[0]) && parts.length == 1) {
      return simple(Kind.VERSION);
    }
    if ("openapi".equals(parts[0])) {
      return openApi(parts);
    }
    if ("api".equals(parts[0])) {
      if (parts.length == 1) {
        return simple(Kind.CORE_VERSIONS);
      }
      return resource("", parts[1], Arrays.copyOfRange(parts, 2, parts.length));
    }
    if ("apis".equals(parts[0])) {
      if (parts.length == 1) {
        return simple(Kind.GROUP_LIST);
      }
      if (parts.length == 2) {
        return new ApiPath(Kind.GROUP, parts[1], null, null, null, null);
      }
      return resource(parts[1], parts[2], Arrays.copyOfRange(parts, 3, parts.length));
    }
    return UNKNOWN_PATH;
  }

  private static ApiPath simple(Kind kind) {
    return new ApiPath(kind, "", null, null, null, null);
  }

  private static ApiPath openApi(String[] parts) {
    if (parts.length == 2 && "v2".equals(parts[1])) {
      return simple(Kind.OPENAPI_V2);
    }
    if (parts.length < 2 || !"v3".equals(parts[1])) {
      return UNKNOWN_PATH;
    }
    if (parts.length == 2) {
      return simple(Kind.OPENAPI_V3);
    }
    if (parts.length == 4 && "api".equals(parts[2])) {
      return new ApiPath(Kind.OPENAPI_V3_GROUP_VERSION, "", parts[3], null, null, null);
    }
    if (parts.length == 5 && "apis".equals(parts[2])) {
      return new ApiPath(Kind.OPENAPI_V3_GROUP_VERSION, parts[3], parts[4], null, null, null);
    }
    return UNKNOWN_PATH;
  }

  private static ApiPath resource(String group, String version, String[] rest) {
    if (rest.length == 0) {
      return new ApiPath(Kind.RESOURCE_LIST, group, version, null, null, null);
    }
    if (rest.length >= 3 && "namespaces".equals(rest[0])) {
      return object(group, version, rest[1], Arrays.copyOfRange(rest, 2, rest.length));
    }
    return object(group, version, null, rest);
  }

  /** Reads {@code plural[/name[/status|/scale]]}; a namespace itself is {@code namespaces/{name}[/status]}. */
  private static ApiPath object(String group, String version, String namespace, String[] rest) {
    if (namespace != null && rest.length == 1 && "status".equals(rest[0]) && group.isEmpty()) {
      return new ApiPath(Kind.STATUS, group, version, null, "namespaces", namespace);
    }
    return switch (rest.length) {
      case 1 -> new ApiPath(Kind.COLLECTION, group, version, namespace, rest[0], null);
      case 2 -> new ApiPath(Kind.OBJECT, group, version, namespace, rest[0], rest[1]);
      case 3 -> switch (rest[2]) {
        case "status" -> new ApiPath(Kind.STATUS, group, version, namespace, rest[0], rest[1]);
        case "scale" -> new ApiPath(Kind.SCALE, group, version, namespace, rest[0], rest[1]);
        default -> UNKNOWN_PATH;
      };
      default -> UNKNOWN_PATH;
    };
  }
}

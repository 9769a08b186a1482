package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The OpenAPI documents kubectl reads, generated from the served types.
 *
 * <p>OpenAPI v3 ({@code /openapi/v3} and one document per group-version, as
 * k8s.io/kube-openapi's handler3 serves them): every served resource has its paths, and its PATCH
 * operation carries {@code x-kubernetes-group-version-kind} and the {@code fieldValidation} query
 * parameter — which is what kubectl 1.27+ looks for (cli-runtime's queryParamVerifierV3) to leave
 * validation to the server: {@code kubectl apply/create} then send {@code fieldValidation=Strict} and
 * the server rejects unknown fields of custom resources ({@link SchemaPruning}). The PATCH operation
 * lists JSON patch and merge patch and not strategic merge patch, so kubectl's apply computes a
 * strategic merge patch from its compiled-in types for built-in kinds (as with a server whose
 * OpenAPI lacks them) and a merge patch for custom resources. Schemas: a CRD version's
 * {@code openAPIV3Schema}; for built-in kinds served from a model class the fields of the model
 * ({@link ModelSchemas}); for other types an object schema that keeps unknown fields.
 *
 * <p>OpenAPI v2 ({@code /openapi/v2}, protobuf as client-go's discovery asks for it, or JSON): a
 * document with no definitions, so kubectl before 1.27 skips client-side validation (every kind is
 * unknown to it) instead of failing to download the schema. Stateless.
 */
final class OpenApiDocuments {

  /** The media type client-go asks {@code /openapi/v2} for (gnostic's OpenAPI v2 protobuf). */
  static final String V2_PROTOBUF = "application/com.github.proto-openapi.spec.v2@v1.0+protobuf";
  private static final String SERVER_VERSION = ServerVersion.DEFAULT;

  private OpenApiDocuments() {
  }

  /** Returns the {@code /openapi/v3} discovery document: one entry per served group-version. */
  static Map<String, Object> v3Root(ServedTypes types) {
    Map<String, Object> paths = new LinkedHashMap<>();
    for (String groupVersion : types.groupVersions()) {
      String path = groupVersion.contains("/") ? "apis/" + groupVersion : "api/" + groupVersion;
      String hash = hash(HttpBodies.json(v3GroupVersion(types, group(groupVersion), version(groupVersion))));
      paths.put(path, Map.of("serverRelativeURL", "/openapi/v3/" + path + "?hash=" + hash));
    }
    return Map.of("paths", paths);
  }

  /** Returns the OpenAPI v3 document of a group-version (with no paths when nothing of it is served). */
  static Map<String, Object> v3GroupVersion(ServedTypes types, String group, String version) {
    Map<String, Object> paths = new LinkedHashMap<>();
    Map<String, Object> schemas = new LinkedHashMap<>();
    for (ResourceType type : types.all()) {
      if (type.type().group().equals(group) && type.type().version().equals(version)) {
        String ref = schemaName(type.type());
        schemas.put(ref, schema(type, types.schema(type)));
        addPaths(paths, type, ref);
      }
    }
    Map<String, Object> document = new LinkedHashMap<>();
    document.put("openapi", "3.0.0");
    document.put("info", Map.of("title", "Kubernetes", "version", SERVER_VERSION));
    document.put("paths", paths);
    document.put("components", Map.of("schemas", schemas));
    return document;
  }

  /** Returns the OpenAPI v2 document as JSON: no definitions, no paths. */
  static Map<String, Object> v2Json() {
    return Map.of("swagger", "2.0", "info", Map.of("title", "Kubernetes", "version", SERVER_VERSION),
        "paths", Map.of(), "definitions", Map.of());
  }

  /**
   * Returns the OpenAPI v2 document as gnostic's protobuf {@code openapi.v2.Document}: field 1
   * {@code swagger}, field 2 {@code info} (title, version), field 8 {@code paths} (empty).
   */
  static byte[] v2Protobuf() {
    ByteArrayOutputStream info = new ByteArrayOutputStream();
    field(info, 1, "Kubernetes".getBytes(StandardCharsets.UTF_8));
    field(info, 2, SERVER_VERSION.getBytes(StandardCharsets.UTF_8));
    ByteArrayOutputStream document = new ByteArrayOutputStream();
    field(document, 1, "2.0".getBytes(StandardCharsets.UTF_8));
    field(document, 2, info.toByteArray());
    field(document, 8, new byte[0]);
    return document.toByteArray();
  }

  private static void field(ByteArrayOutputStream out, int number, byte[] bytes) {
    out.write(number << 3 | 2);
    int length = bytes.length;
    while (length >= 0x80) {
      out.write(length & 0x7f | 0x80);
      length >>>= 7;
    }
    out.write(length);
    out.writeBytes(bytes);
  }

  private static void addPaths(Map<String, Object> paths, ResourceType type, String ref) {
    String prefix = type.type().group().isEmpty() ? "/api/" + type.type().version()
        : "/apis/" + type.type().group() + "/" + type.type().version();
    String collection = prefix + (type.scope() == Scope.NAMESPACED ? "/namespaces/{namespace}/" : "/") + type.plural();
    Map<String, Object> gvk = gvk(type.type());
    Map<String, Object> body = Map.of("content", Map.of("application/json", Map.of("schema", Map.of("$ref",
        "#/components/schemas/" + ref))));
    paths.put(collection, Map.of(
        "get", operation("list", gvk, null),
        "post", operation("post", gvk, body)));
    paths.put(collection + "/{name}", Map.of(
        "get", operation("get", gvk, null),
        "put", operation("put", gvk, body),
        "patch", operation("patch", gvk, patchBody()),
        "delete", operation("delete", gvk, null)));
    if (type.statusSubresource()) {
      paths.put(collection + "/{name}/status", Map.of(
          "get", operation("get", gvk, null),
          "put", operation("put", gvk, body),
          "patch", operation("patch", gvk, patchBody())));
    }
  }

  private static Map<String, Object> operation(String action, Map<String, Object> gvk, Map<String, Object> body) {
    Map<String, Object> operation = new LinkedHashMap<>();
    operation.put("x-kubernetes-action", action);
    operation.put("x-kubernetes-group-version-kind", gvk);
    List<Object> parameters = new ArrayList<>();
    if (!"get".equals(action) && !"list".equals(action)) {
      parameters.add(Map.of("name", "fieldValidation", "in", "query", "schema", Map.of("type", "string"),
          "description", "Ignore, Warn (default) or Strict: what the server does with unknown fields."));
      parameters.add(Map.of("name", "fieldManager", "in", "query", "schema", Map.of("type", "string")));
    }
    operation.put("parameters", parameters);
    if (body != null) {
      operation.put("requestBody", body);
    }
    operation.put("responses", Map.of("200", Map.of("description", "OK")));
    return operation;
  }

  private static Map<String, Object> patchBody() {
    Map<String, Object> anything = Map.of("schema", Map.of("type", "object"));
    return Map.of("content", Map.of(JsonPatch.CONTENT_TYPE, anything, MergePatch.CONTENT_TYPE, anything));
  }

  private static Map<String, Object> schema(ResourceType type, Map<String, Object> declared) {
    Map<String, Object> schema = new LinkedHashMap<>();
    if (declared != null) {
      schema.putAll(declared);
    } else {
      schema.put("type", "object");
      schema.put("x-kubernetes-preserve-unknown-fields", true);
    }
    Map<String, Object> properties = new LinkedHashMap<>(Documents.childOrEmpty(schema, "properties"));
    properties.putIfAbsent("apiVersion", Map.of("type", "string"));
    properties.putIfAbsent("kind", Map.of("type", "string"));
    properties.putIfAbsent("metadata", Map.of("type", "object"));
    schema.put("properties", properties);
    schema.put("x-kubernetes-group-version-kind", List.of(gvk(type.type())));
    return schema;
  }

  private static Map<String, Object> gvk(TypeKey type) {
    return Map.of("group", type.group(), "version", type.version(), "kind", type.kind());
  }

  /** Returns the schema's name as the API server forms it: the reversed group, version, kind. */
  private static String schemaName(TypeKey type) {
    if (type.group().isEmpty()) {
      return "io.k8s.api.core." + type.version() + "." + type.kind();
    }
    List<String> parts = new ArrayList<>(List.of(type.group().split("\\.")));
    java.util.Collections.reverse(parts);
    return String.join(".", parts) + "." + type.version() + "." + type.kind();
  }

  private static String group(String groupVersion) {
    return groupVersion.contains("/") ? groupVersion.substring(0, groupVersion.indexOf('/')) : "";
  }

  private static String version(String groupVersion) {
    return groupVersion.substring(groupVersion.indexOf('/') + 1);
  }

  private static String hash(byte[] bytes) {
    try {
      return HexFormat.of().withUpperCase().formatHex(MessageDigest.getInstance("SHA-512").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-512 is missing", e);
    }
  }
}

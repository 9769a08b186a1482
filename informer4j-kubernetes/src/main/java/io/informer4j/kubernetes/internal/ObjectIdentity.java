package io.informer4j.kubernetes.internal;

import io.informer4j.meta.ObjectKey;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Reads what is left of a Kubernetes object's identity when the object does not bind to its model
 * (a field of the wrong type, a custom resource whose schema drifted): its {@code metadata.name}
 * and {@code metadata.namespace}, and its {@code metadata.resourceVersion}, as strings, from the
 * object's JSON read again as a tree. For the
 * slow path of a malformed object only; nothing here runs for an object that binds. Stateless.
 */
final class ObjectIdentity {

  private ObjectIdentity() {
  }

  /**
   * Returns the key of the object whose JSON is {@code object}, or null when it has no name that is
   * a non-empty string, or a namespace that is not a string (a key built without it could name
   * another object).
   */
  static ObjectKey keyOf(JsonNode object) {
    if (object == null || !object.isObject()) {
      return null;
    }
    JsonNode metadata = object.path("metadata");
    JsonNode name = metadata.path("name");
    JsonNode namespace = metadata.path("namespace");
    if (!name.isString() || name.asString().isEmpty()) {
      return null;
    }
    if (namespace.isString()) {
      return ObjectKey.of(namespace.asString(), name.asString());
    }
    return namespace.isMissingNode() || namespace.isNull() ? ObjectKey.clusterScoped(name.asString()) : null;
  }

  /**
   * Returns the {@code metadata.resourceVersion} of the object whose JSON is {@code object}, or null
   * when it is not a non-empty string.
   */
  static String resourceVersionOf(JsonNode object) {
    if (object == null || !object.isObject()) {
      return null;
    }
    JsonNode version = object.path("metadata").path("resourceVersion");
    return version.isString() && !version.asString().isEmpty() ? version.asString() : null;
  }

  /**
   * Reads the first JSON value of {@code length} bytes from {@code offset} as a tree (the bytes after
   * it are not read), or returns null when those bytes do not start with a whole JSON value.
   */
  static JsonNode readFirstValue(ObjectMapper mapper, byte[] data, int offset, int length) {
    try (JsonParser parser = mapper.createParser(data, offset, length)) {
      return mapper.readTree(parser);
    } catch (JacksonException e) {
      return null;
    }
  }
}

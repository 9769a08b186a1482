package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Converts between {@link SimObject}s and the JSON documents of the Kubernetes API. An object's
 * {@code content} holds every top-level field but {@code apiVersion}, {@code kind} and
 * {@code metadata}; a {@code metadata} map inside the content carries the metadata fields a
 * SimObject has no slot for ({@code managedFields}, {@code creationTimestamp}, …), and fills in those
 * it has no value for (so labels of any JSON shape can be served, as {@link UnbindableObjects}
 * does). Stateless.
 */
final class ObjectJson {

  private ObjectJson() {
  }

  /**
   * Returns the full document of {@code object} as a type's object (converted from its storage form
   * when the type is served from another's storage, {@link EventVersions}).
   */
  static Map<String, Object> toDocument(TypeKey type, SimObject object) {
    Map<String, Object> document = new LinkedHashMap<>();
    document.put("apiVersion", type.apiVersion());
    document.put("kind", type.kind());
    document.put("metadata", metadata(object));
    object.content().forEach((key, value) -> {
      if (!"metadata".equals(key) && !"apiVersion".equals(key) && !"kind".equals(key)) {
        document.put(key, value);
      }
    });
    return EventVersions.served(type, document);
  }

  /** Returns the PartialObjectMetadata document of {@code object}: only its metadata. */
  static Map<String, Object> toPartialDocument(SimObject object) {
    Map<String, Object> document = new LinkedHashMap<>();
    document.put("apiVersion", "meta.k8s.io/v1");
    document.put("kind", "PartialObjectMetadata");
    document.put("metadata", metadata(object));
    return document;
  }

  /** Returns a bookmark's object: the kind with only a resourceVersion (and the end annotation). */
  static Map<String, Object> bookmark(TypeKey type, String resourceVersion, boolean initialEventsEnd) {
    Map<String, Object> metadata = new LinkedHashMap<>();
    metadata.put("resourceVersion", resourceVersion);
    if (initialEventsEnd) {
      metadata.put("annotations", Map.of("k8s.io/initial-events-end", "true"));
    }
    Map<String, Object> document = new LinkedHashMap<>();
    document.put("apiVersion", type.apiVersion());
    document.put("kind", type.kind());
    document.put("metadata", metadata);
    return document;
  }

  /**
   * Reads a document sent by a client into a SimObject (uid and resourceVersion as sent).
   *
   * @throws IllegalArgumentException if it has no metadata or name, or a label is not a string
   */
  static SimObject fromDocument(Map<String, Object> document, String pathNamespace) {
    if (!(document.get("metadata") instanceof Map<?, ?> rawMetadata)) {
      throw new IllegalArgumentException("the object has no metadata");
    }
    Map<String, Object> metadata = new LinkedHashMap<>();
    rawMetadata.forEach((key, value) -> metadata.put(String.valueOf(key), value));
    Object name = metadata.remove("name");
    if (!(name instanceof String text) || text.isEmpty()) {
      throw new IllegalArgumentException("metadata.name is required");
    }
    Object namespace = metadata.remove("namespace");
    String ns = namespace instanceof String given && !given.isEmpty() ? given : pathNamespace;
    Object uid = metadata.remove("uid");
    Object resourceVersion = metadata.remove("resourceVersion");
    Map<String, String> labels = strings(metadata.remove("labels"), "labels");
    Map<String, String> annotations = strings(metadata.remove("annotations"), "annotations");
    Map<String, Object> content = new LinkedHashMap<>();
    document.forEach((key, value) -> {
      if (!"metadata".equals(key) && !"apiVersion".equals(key) && !"kind".equals(key)) {
        content.put(key, value);
      }
    });
    if (!metadata.isEmpty()) {
      content.put("metadata", metadata);
    }
    return new SimObject(ns, text, uid instanceof String u ? u : "", resourceVersion instanceof String rv ? rv : "",
        labels, annotations, content);
  }

  private static Map<String, Object> metadata(SimObject object) {
    Map<String, Object> metadata = new LinkedHashMap<>();
    metadata.put("name", object.name());
    if (!object.namespace().isEmpty()) {
      metadata.put("namespace", object.namespace());
    }
    if (!object.uid().isEmpty()) {
      metadata.put("uid", object.uid());
    }
    metadata.put("resourceVersion", object.resourceVersion());
    if (!object.labels().isEmpty()) {
      metadata.put("labels", object.labels());
    }
    if (!object.annotations().isEmpty()) {
      metadata.put("annotations", object.annotations());
    }
    if (object.content().get("metadata") instanceof Map<?, ?> extra) {
      extra.forEach((key, value) -> metadata.putIfAbsent(String.valueOf(key), value));
    }
    return metadata;
  }

  private static Map<String, String> strings(Object value, String field) {
    if (value == null) {
      return Map.of();
    }
    if (!(value instanceof Map<?, ?> map)) {
      throw new IllegalArgumentException("metadata." + field + " must be a map of strings");
    }
    Map<String, String> result = new LinkedHashMap<>();
    map.forEach((key, text) -> {
      if (!(text instanceof String string)) {
        throw new IllegalArgumentException("metadata." + field + "." + key + " must be a string");
      }
      result.put(String.valueOf(key), string);
    });
    return result;
  }
}

package io.informer4j.testkit;

import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectKey;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * An object stored in a {@link SimulatedApi}: Kubernetes-like metadata and an arbitrary JSON-like
 * {@code content} tree (a whole ConfigMap, a Pod spec, or anything else).
 *
 * <p>Deeply immutable and thread-safe: the labels and annotations are unmodifiable copies and the
 * content is frozen all the way down (maps, lists, and scalar leaves; null values are allowed). The
 * {@code with…} methods return new objects and share what they do not change.
 *
 * <p>Build one with {@code SimObject.of("shop", "cart").withLabel("app", "web")}; the server sets
 * {@code uid} and {@code resourceVersion} when it stores it.
 *
 * @param namespace       the namespace, {@code ""} for a cluster-scoped object; never null
 * @param name            the name; empty only in a deliberately malformed object (fault injection)
 * @param uid             the server-assigned identity of this incarnation, {@code ""} before it is
 *                        stored
 * @param resourceVersion the version of the last write, {@code ""} before it is stored (a non-empty
 *                        value in an update is a precondition)
 * @param labels          the labels, unmodifiable
 * @param annotations     the annotations, unmodifiable
 * @param content         the body, a deeply immutable JSON-like tree
 */
public record SimObject(String namespace, String name, String uid, String resourceVersion,
                        Map<String, String> labels, Map<String, String> annotations, Map<String, Object> content) {

  /**
   * The adapter for {@code SimObject}: namespace, name, resource version, labels, the identity as
   * deep copy (the object is immutable) and fields {@code metadata.name}, {@code metadata.namespace}
   * and any dotted path into {@link #content()} whose value is a scalar ({@code spec.nodeName}).
   */
  public static final ObjectAdapter<SimObject> ADAPTER = new SimObjectAdapter();

  /**
   * Normalizes null texts to {@code ""} and freezes the maps.
   *
   * @throws NullPointerException     if the name, a label or an annotation is null
   * @throws IllegalArgumentException if the content is not a JSON-like tree
   */
  public SimObject {
    namespace = namespace == null ? "" : namespace;
    Objects.requireNonNull(name, "name");
    uid = uid == null ? "" : uid;
    resourceVersion = resourceVersion == null ? "" : resourceVersion;
    labels = labels == null ? Map.of() : Map.copyOf(labels);
    annotations = annotations == null ? Map.of() : Map.copyOf(annotations);
    content = JsonTree.freeze(content == null ? Map.of() : content);
  }

  /** Returns an object with no labels, annotations or content, not yet stored. */
  public static SimObject of(String namespace, String name) {
    return new SimObject(namespace, name, "", "", Map.of(), Map.of(), Map.of());
  }

  /** Returns the cache key, {@code "namespace/name"} or {@code "name"}. */
  public String key() {
    return ObjectKey.keyOf(namespace, name);
  }

  /** Returns a copy with another name (an empty name makes a malformed object). */
  public SimObject withName(String name) {
    return new SimObject(namespace, name, uid, resourceVersion, labels, annotations, content);
  }

  /** Returns a copy with the label set. */
  public SimObject withLabel(String key, String value) {
    return withLabels(put(labels, key, value));
  }

  /** Returns a copy without the label. */
  public SimObject withoutLabel(String key) {
    Map<String, String> copy = new HashMap<>(labels);
    copy.remove(key);
    return withLabels(copy);
  }

  /** Returns a copy whose labels are exactly {@code labels}. */
  public SimObject withLabels(Map<String, String> labels) {
    return new SimObject(namespace, name, uid, resourceVersion, labels, annotations, content);
  }

  /** Returns a copy with the annotation set. */
  public SimObject withAnnotation(String key, String value) {
    return withAnnotations(put(annotations, key, value));
  }

  /** Returns a copy whose annotations are exactly {@code annotations}. */
  public SimObject withAnnotations(Map<String, String> annotations) {
    return new SimObject(namespace, name, uid, resourceVersion, labels, annotations, content);
  }

  /**
   * Returns a copy whose content is a frozen copy of {@code content}.
   *
   * @throws IllegalArgumentException if it is not a JSON-like tree
   */
  public SimObject withContent(Map<String, ?> content) {
    return new SimObject(namespace, name, uid, resourceVersion, labels, annotations, JsonTree.freeze(content));
  }

  /**
   * Returns a copy with {@code value} at a dotted path of the content ({@code "spec.nodeName"}),
   * creating the maps on the way.
   *
   * @throws IllegalArgumentException if a step on the way holds a non-map value, or the value is
   *                                  not a JSON value
   */
  public SimObject withContentAt(String dottedPath, Object value) {
    return new SimObject(namespace, name, uid, resourceVersion, labels, annotations,
        JsonTree.withValueAt(content, dottedPath, value));
  }

  /** Returns the content's value at a dotted path, or null when there is none. */
  public Object contentAt(String dottedPath) {
    return JsonTree.valueAt(content, dottedPath);
  }

  /** Returns a copy with the resource version set (the server does this on every write). */
  public SimObject withResourceVersion(String resourceVersion) {
    return new SimObject(namespace, name, uid, resourceVersion, labels, annotations, content);
  }

  /** Returns a copy with the uid set (the server does this on creation). */
  public SimObject withUid(String uid) {
    return new SimObject(namespace, name, uid, resourceVersion, labels, annotations, content);
  }

  /** Returns true when labels, annotations and content equal {@code other}'s (metadata aside). */
  public boolean hasSameData(SimObject other) {
    return labels.equals(other.labels) && annotations.equals(other.annotations) && content.equals(other.content);
  }

  private static Map<String, String> put(Map<String, String> map, String key, String value) {
    Map<String, String> copy = new HashMap<>(map);
    copy.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
    return copy;
  }
}

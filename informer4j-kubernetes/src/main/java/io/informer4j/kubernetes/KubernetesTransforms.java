package io.informer4j.kubernetes;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.informer4j.kubernetes.internal.ModelProperties;
import io.informer4j.kubernetes.internal.ReadOnlyCopies;
import io.informer4j.kubernetes.internal.ReadOnlyObjects;
import io.informer4j.kubernetes.internal.SharedStrings;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Transforms for the informer ({@code SharedIndexInformer.Builder.transform}) that shrink cached Kubernetes
 * objects. They run on freshly decoded objects before anything else sees them, so they change the
 * object in place and return it. Idempotent and thread-safe.
 */
public final class KubernetesTransforms {

  private KubernetesTransforms() {
  }

  /**
   * Drops {@code metadata.managedFields} (server-side apply bookkeeping, often the largest part of
   * an object's metadata and useless to most controllers), as controller-runtime's
   * {@code TransformStripManagedFields} does.
   */
  public static <T extends HasMetadata> UnaryOperator<T> stripManagedFields() {
    return object -> {
      ObjectMeta metadata = object.getMetadata();
      if (metadata != null && metadata.getManagedFields() != null) {
        metadata.setManagedFields(null);
      }
      return object;
    };
  }

  /**
   * Makes the strings that repeat from object to object share one instance each
   * ({@link String#intern()}), so a cache of many objects keeps one copy of them instead of one per
   * object: {@code apiVersion} and {@code kind}, the namespace, the creation
   * timestamp, label values, owner references' {@code apiVersion} and {@code kind}, and the
   * {@code manager}, {@code operation}, {@code apiVersion}, {@code time}, {@code fieldsType} and
   * {@code subresource} of {@code managedFields} entries. Map keys need nothing: the JSON decoder
   * already shares them. Unique strings (names, uids, resourceVersions, annotation values, data) are
   * left alone, so nothing is interned whose instances would not be shared. Interned strings are
   * reclaimed once no object refers to them, apart from the last few thousand distinct values
   * shared, which stay remembered to make the next lookup cheap. Measured saving: docs/PERFORMANCE.md.
   *
   * <p>Objects keep every field and compare equal to what was decoded; combine with
   * {@link #stripManagedFields()} by applying that one first.
   */
  public static <T extends HasMetadata> UnaryOperator<T> shareRepeatedStrings() {
    return object -> {
      shareStrings(object);
      return object;
    };
  }

  /**
   * Makes cached objects smaller by making them read-only: does what {@link #shareRepeatedStrings()}
   * does, then replaces the object's maps and lists by compact unmodifiable copies (an empty one by
   * the JDK's shared empty instance, a small map by one array of keys and values instead of a hash
   * table with a node per entry) and makes the field sets of {@code managedFields} entries
   * ({@code fieldsV1}) one shared, unmodifiable instance per distinct content. Covered: labels,
   * annotations, finalizers, owner references, managed fields and the additional properties of
   * {@code metadata}; the object's additional properties (the whole content of a
   * {@code GenericKubernetesResource}); {@code data} and {@code binaryData} of ConfigMaps,
   * {@code data} and {@code stringData} of Secrets. Other fields of typed models are left as decoded.
   * Objects keep every field, compare equal to what was decoded and serialize to the same JSON (key
   * order kept). Measured saving: docs/PERFORMANCE.md.
   *
   * <p><b>The objects become read-only.</b> Changing one of those maps or lists in place throws
   * {@link UnsupportedOperationException}, and so do fabric8's helpers that do so on a cached object
   * ({@code addFinalizer}, {@code addOwnerReference}, {@code getLabels().put}, …). A cached object
   * must not be changed in any case (it is the cache's, and other handlers see it); copy it first —
   * {@link HasMetadataAdapter#deepCopy} or fabric8's builders ({@code new ConfigMapBuilder(cached)})
   * make fresh, modifiable maps and lists (a builder copies {@code fieldsV1} one level deep only).
   * Combine with {@link #stripManagedFields()} by applying that one first.
   */
  public static <T extends HasMetadata> UnaryOperator<T> compactReadOnly() {
    return object -> {
      shareStrings(object);
      return ReadOnlyObjects.compact(object);
    };
  }

  private static void shareStrings(HasMetadata object) {
    object.setApiVersion(shared(object.getApiVersion()));
    ModelProperties.of(object).replaceKind(object, KubernetesTransforms::shared);
    ObjectMeta metadata = object.getMetadata();
    if (metadata != null) {
      metadata.setNamespace(shared(metadata.getNamespace()));
      metadata.setCreationTimestamp(shared(metadata.getCreationTimestamp()));
      shareValues(metadata.getLabels());
      shareOwnerReferences(metadata.getOwnerReferences());
      shareManagedFields(metadata.getManagedFields());
    }
  }

  private static void shareValues(Map<String, String> map) {
    if (map != null && !map.isEmpty() && !ReadOnlyCopies.isReadOnly(map)) {
      map.replaceAll((key, value) -> shared(value));
    }
  }

  private static void shareOwnerReferences(List<OwnerReference> references) {
    if (references != null) {
      for (OwnerReference reference : references) {
        if (reference != null) {
          reference.setApiVersion(shared(reference.getApiVersion()));
          reference.setKind(shared(reference.getKind()));
        }
      }
    }
  }

  private static void shareManagedFields(List<ManagedFieldsEntry> entries) {
    if (entries != null) {
      for (ManagedFieldsEntry entry : entries) {
        if (entry == null) {
          continue;
        }
        entry.setManager(shared(entry.getManager()));
        entry.setOperation(shared(entry.getOperation()));
        entry.setApiVersion(shared(entry.getApiVersion()));
        entry.setTime(shared(entry.getTime()));
        entry.setFieldsType(shared(entry.getFieldsType()));
        entry.setSubresource(shared(entry.getSubresource()));
      }
    }
  }

  private static String shared(String value) {
    return SharedStrings.of(value);
  }
}

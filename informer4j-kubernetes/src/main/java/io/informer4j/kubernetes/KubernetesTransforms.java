package io.informer4j.kubernetes;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.OwnerReference;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Transforms for the informer ({@code InformerBuilder.transform}) that shrink cached Kubernetes
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
   * object: {@code apiVersion} (and {@code kind} of dynamic resources), the namespace, the creation
   * timestamp, label values, owner references' {@code apiVersion} and {@code kind}, and the
   * {@code manager}, {@code operation}, {@code apiVersion}, {@code time}, {@code fieldsType} and
   * {@code subresource} of {@code managedFields} entries. Map keys need nothing: the JSON decoder
   * already shares them. Unique strings (names, uids, resourceVersions, annotation values, data) are
   * left alone, so nothing is interned whose instances would not be shared. Interned strings are
   * reclaimed once no object refers to them. Measured saving: docs/PERFORMANCE.md.
   *
   * <p>Objects keep every field and compare equal to what was decoded; combine with
   * {@link #stripManagedFields()} by applying that one first.
   */
  public static <T extends HasMetadata> UnaryOperator<T> shareRepeatedStrings() {
    return object -> {
      object.setApiVersion(shared(object.getApiVersion()));
      if (object instanceof GenericKubernetesResource generic) {
        generic.setKind(shared(generic.getKind()));
      }
      ObjectMeta metadata = object.getMetadata();
      if (metadata != null) {
        metadata.setNamespace(shared(metadata.getNamespace()));
        metadata.setCreationTimestamp(shared(metadata.getCreationTimestamp()));
        shareValues(metadata.getLabels());
        shareOwnerReferences(metadata.getOwnerReferences());
        shareManagedFields(metadata.getManagedFields());
      }
      return object;
    };
  }

  private static void shareValues(Map<String, String> map) {
    if (map != null && !map.isEmpty()) {
      map.replaceAll((key, value) -> shared(value));
    }
  }

  private static void shareOwnerReferences(List<OwnerReference> references) {
    if (references != null) {
      for (OwnerReference reference : references) {
        reference.setApiVersion(shared(reference.getApiVersion()));
        reference.setKind(shared(reference.getKind()));
      }
    }
  }

  private static void shareManagedFields(List<ManagedFieldsEntry> entries) {
    if (entries != null) {
      for (ManagedFieldsEntry entry : entries) {
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
    return value == null ? null : value.intern();
  }
}

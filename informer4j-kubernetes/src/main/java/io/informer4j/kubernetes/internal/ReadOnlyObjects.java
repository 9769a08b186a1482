package io.informer4j.kubernetes.internal;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Secret;
import java.util.List;

/**
 * Turns the maps and lists of a decoded Kubernetes object into compact unmodifiable copies
 * ({@link ReadOnlyCopies}) and makes its {@code managedFields} field sets shared
 * ({@link SharedFieldsV1}). What is covered: the object's additional properties (for
 * {@code GenericKubernetesResource}, its whole content), {@code data}/{@code binaryData} of
 * ConfigMaps, {@code data}/{@code stringData} of Secrets, and in {@code metadata} the labels,
 * annotations, finalizers, owner references, managed-fields entries and additional properties.
 * Other fields of typed models (a Pod's spec, for instance) are left as decoded. Stateless and
 * thread-safe; changes the object in place.
 */
public final class ReadOnlyObjects {

  private ReadOnlyObjects() {
  }

  /** Makes {@code object}'s maps and lists read-only and compact, in place; returns it. */
  public static <T extends HasMetadata> T compact(T object) {
    ModelProperties.of(object).replaceAdditionalProperties(object, ReadOnlyCopies::mapTree);
    if (object instanceof ConfigMap configMap) {
      configMap.setData(ReadOnlyCopies.map(configMap.getData()));
      configMap.setBinaryData(ReadOnlyCopies.map(configMap.getBinaryData()));
    } else if (object instanceof Secret secret) {
      secret.setData(ReadOnlyCopies.map(secret.getData()));
      secret.setStringData(ReadOnlyCopies.map(secret.getStringData()));
    }
    ObjectMeta metadata = object.getMetadata();
    if (metadata != null) {
      compact(metadata);
    }
    return object;
  }

  private static void compact(ObjectMeta metadata) {
    metadata.setLabels(ReadOnlyCopies.map(metadata.getLabels()));
    metadata.setAnnotations(ReadOnlyCopies.map(metadata.getAnnotations()));
    metadata.setFinalizers(ReadOnlyCopies.list(metadata.getFinalizers()));
    metadata.setAdditionalProperties(ReadOnlyCopies.mapTree(metadata.getAdditionalProperties()));
    List<OwnerReference> owners = metadata.getOwnerReferences();
    if (owners != null) {
      for (OwnerReference owner : owners) {
        if (owner != null) {
          owner.setAdditionalProperties(ReadOnlyCopies.mapTree(owner.getAdditionalProperties()));
        }
      }
      metadata.setOwnerReferences(ReadOnlyCopies.list(owners));
    }
    List<ManagedFieldsEntry> entries = metadata.getManagedFields();
    if (entries != null) {
      for (ManagedFieldsEntry entry : entries) {
        if (entry != null) {
          entry.setFieldsV1(SharedFieldsV1.of(entry.getFieldsV1()));
          entry.setAdditionalProperties(ReadOnlyCopies.mapTree(entry.getAdditionalProperties()));
        }
      }
      metadata.setManagedFields(ReadOnlyCopies.list(entries));
    }
  }
}

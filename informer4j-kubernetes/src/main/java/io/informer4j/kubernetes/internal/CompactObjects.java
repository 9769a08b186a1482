package io.informer4j.kubernetes.internal;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Secret;
import io.informer4j.meta.CompactCollections;
import io.informer4j.meta.SharedStrings;
import java.util.List;
import java.util.Map;

/**
 * The compact form in which the cache keeps a decoded Kubernetes object, in place:
 * <ul>
 *   <li>strings that repeat from object to object share one instance each ({@link SharedStrings}):
 *       {@code apiVersion}, {@code kind}, the namespace, the creation timestamp, label values, owner
 *       references' {@code apiVersion} and {@code kind}, and the {@code manager}, {@code operation},
 *       {@code apiVersion}, {@code time}, {@code fieldsType} and {@code subresource} of
 *       {@code managedFields} entries. Unique strings (names, uids, resourceVersions, data) are left
 *       alone; map keys are already shared by the JSON decoder;</li>
 *   <li>maps and lists become compact unmodifiable copies ({@link CompactCollections}): the object's
 *       additional properties (for {@code GenericKubernetesResource}, its whole content), and in
 *       {@code metadata} the labels, annotations, finalizers, owner references, managed-fields entries
 *       and additional properties;</li>
 *   <li>the {@code data}/{@code binaryData} of ConfigMaps and {@code data}/{@code stringData} of
 *       Secrets keep the values that compress compressed ({@link DeflatedValues}: a cheap estimate
 *       decides, so base64 of random bytes costs no compression) when those hold at least
 *       {@value DeflatedValues#MIN_TEXT} characters and compress to three quarters or less, else
 *       become compact unmodifiable copies;</li>
 *   <li>{@code managedFields} field sets ({@code fieldsV1}) become one shared instance per distinct
 *       content ({@link SharedFieldsV1}).</li>
 * </ul>
 * Other fields of typed models (a Pod's spec, for instance) are left as decoded. Every field is kept:
 * the object compares equal to what was decoded and serializes to the same JSON (key order kept).
 * Stateless and thread-safe. A step that fails leaves the fields it has not reached as decoded, so
 * the object's content is unchanged in any case.
 */
public final class CompactObjects {

  private CompactObjects() {
  }

  /** Compacts {@code object} in place; returns it. */
  public static <T extends HasMetadata> T compact(T object) {
    shareStrings(object);
    ModelProperties.of(object).replaceAdditionalProperties(object, CompactCollections::mapTree);
    if (object instanceof ConfigMap configMap) {
      configMap.setData(compactText(configMap.getData()));
      configMap.setBinaryData(compactText(configMap.getBinaryData()));
    } else if (object instanceof Secret secret) {
      secret.setData(compactText(secret.getData()));
      secret.setStringData(compactText(secret.getStringData()));
    }
    ObjectMeta metadata = object.getMetadata();
    if (metadata != null) {
      compact(metadata);
    }
    return object;
  }

  /** Returns the values compressed when that pays ({@link DeflatedValues}), else a compact read-only copy. */
  private static Map<String, String> compactText(Map<String, String> map) {
    if (map instanceof DeflatedValues) {
      return map;
    }
    DeflatedValues deflated = DeflatedValues.of(map);
    return deflated != null ? deflated : CompactCollections.map(map);
  }

  private static void shareStrings(HasMetadata object) {
    object.setApiVersion(SharedStrings.of(object.getApiVersion()));
    ModelProperties.of(object).replaceKind(object, SharedStrings::of);
    ObjectMeta metadata = object.getMetadata();
    if (metadata != null) {
      metadata.setNamespace(SharedStrings.of(metadata.getNamespace()));
      metadata.setCreationTimestamp(SharedStrings.of(metadata.getCreationTimestamp()));
      Map<String, String> labels = metadata.getLabels();
      if (labels != null && !labels.isEmpty() && !CompactCollections.isReadOnly(labels)) {
        labels.replaceAll((key, value) -> SharedStrings.of(value));
      }
    }
  }

  private static void compact(ObjectMeta metadata) {
    metadata.setLabels(CompactCollections.map(metadata.getLabels()));
    metadata.setAnnotations(CompactCollections.map(metadata.getAnnotations()));
    metadata.setFinalizers(CompactCollections.list(metadata.getFinalizers()));
    metadata.setAdditionalProperties(CompactCollections.mapTree(metadata.getAdditionalProperties()));
    List<OwnerReference> owners = metadata.getOwnerReferences();
    if (owners != null) {
      for (OwnerReference owner : owners) {
        if (owner != null) {
          owner.setApiVersion(SharedStrings.of(owner.getApiVersion()));
          owner.setKind(SharedStrings.of(owner.getKind()));
          owner.setAdditionalProperties(CompactCollections.mapTree(owner.getAdditionalProperties()));
        }
      }
      metadata.setOwnerReferences(CompactCollections.list(owners));
    }
    List<ManagedFieldsEntry> entries = metadata.getManagedFields();
    if (entries != null) {
      for (ManagedFieldsEntry entry : entries) {
        if (entry != null) {
          compact(entry);
        }
      }
      metadata.setManagedFields(CompactCollections.list(entries));
    }
  }

  private static void compact(ManagedFieldsEntry entry) {
    entry.setManager(SharedStrings.of(entry.getManager()));
    entry.setOperation(SharedStrings.of(entry.getOperation()));
    entry.setApiVersion(SharedStrings.of(entry.getApiVersion()));
    entry.setTime(SharedStrings.of(entry.getTime()));
    entry.setFieldsType(SharedStrings.of(entry.getFieldsType()));
    entry.setSubresource(SharedStrings.of(entry.getSubresource()));
    entry.setFieldsV1(SharedFieldsV1.of(entry.getFieldsV1()));
    entry.setAdditionalProperties(CompactCollections.mapTree(entry.getAdditionalProperties()));
  }
}

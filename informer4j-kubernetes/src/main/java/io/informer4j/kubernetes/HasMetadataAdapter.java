package io.informer4j.kubernetes;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.informer4j.kubernetes.internal.CompactObjects;
import io.informer4j.kubernetes.internal.ModelCopier;
import io.informer4j.meta.ObjectAdapter;
import java.util.Map;
import java.util.Objects;

/**
 * The {@link ObjectAdapter} of every fabric8 model ({@link HasMetadata}: typed models,
 * {@code GenericKubernetesResource}, {@code PartialObjectMetadata}): namespace, name,
 * resourceVersion and labels from {@code metadata}, the fields {@code metadata.name} and
 * {@code metadata.namespace}, a deep copy made field by field (the models are mutable),
 * and the compact form in which the cache keeps objects ({@link #compact}).
 *
 * <p>An object without metadata has no name, which the informer treats as malformed. Thread-safe.
 *
 * @param <T> the model type
 */
public final class HasMetadataAdapter<T extends HasMetadata> implements ObjectAdapter<T> {

  private final ModelCopier copier;

  /** @param serialization copies, for {@link #deepCopy}, the values that are not fabric8 models or collections */
  public HasMetadataAdapter(KubernetesSerialization serialization) {
    this.copier = new ModelCopier(Objects.requireNonNull(serialization, "serialization"));
  }

  @Override
  public String namespace(T object) {
    ObjectMeta metadata = object.getMetadata();
    return metadata == null ? null : metadata.getNamespace();
  }

  @Override
  public String name(T object) {
    ObjectMeta metadata = object.getMetadata();
    return metadata == null ? null : metadata.getName();
  }

  @Override
  public String resourceVersion(T object) {
    ObjectMeta metadata = object.getMetadata();
    return metadata == null ? null : metadata.getResourceVersion();
  }

  @Override
  public Map<String, String> labels(T object) {
    ObjectMeta metadata = object.getMetadata();
    Map<String, String> labels = metadata == null ? null : metadata.getLabels();
    return labels == null ? Map.of() : labels;
  }

  /**
   * Returns a copy sharing nothing modifiable with {@code object}, made field by field
   * ({@code ModelCopier}; values that are not fabric8 models, collections or immutable values through
   * fabric8's serialization): an ordinary object of the same class, equal to {@code object}, whose maps
   * and lists can be changed, also when {@code object} is a compact one.
   */
  @Override
  public T deepCopy(T object) {
    return copier.copy(object);
  }

  /**
   * Compacts {@code object} in place and returns it: strings that repeat from object to object
   * ({@code apiVersion}, {@code kind}, namespace, creation timestamp, label values, owner references'
   * and managed-fields entries' repeated parts) share one instance each; maps and lists (labels,
   * annotations, finalizers, owner references, managed fields, the content of a
   * {@code GenericKubernetesResource}) become compact unmodifiable copies; the data of ConfigMaps and
   * Secrets is kept compressed when it holds at least 512 characters and compresses to three quarters
   * or less (reading a value then decompresses the map's values, a few microseconds per kilobyte);
   * equal managed-fields field sets ({@code fieldsV1}) become one shared instance. Every field
   * is kept: the object compares equal to what was decoded and serializes to the same JSON. Other
   * fields of typed models (a Pod's spec, for instance) are left as decoded.
   *
   * <p>The object's compacted maps and lists refuse changes ({@link UnsupportedOperationException}),
   * and so do fabric8's helpers that change them in place ({@code addFinalizer}, {@code getLabels().put},
   * …): copy first ({@link #deepCopy}, what the cache reader does by default, or a fabric8 builder).
   */
  @Override
  public T compact(T object) {
    return CompactObjects.compact(object);
  }
}

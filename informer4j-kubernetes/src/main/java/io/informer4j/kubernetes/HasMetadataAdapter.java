package io.informer4j.kubernetes;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.informer4j.meta.ObjectAdapter;
import java.util.Map;
import java.util.Objects;

/**
 * The {@link ObjectAdapter} of every fabric8 model ({@link HasMetadata}: typed models,
 * {@code GenericKubernetesResource}, {@code PartialObjectMetadata}): namespace, name,
 * resourceVersion and labels from {@code metadata}, the fields {@code metadata.name} and
 * {@code metadata.namespace}, and a deep copy through fabric8's serialization (the models are
 * mutable).
 *
 * <p>An object without metadata has no name, which the informer treats as malformed. Thread-safe.
 *
 * @param <T> the model type
 */
public final class HasMetadataAdapter<T extends HasMetadata> implements ObjectAdapter<T> {

  private final KubernetesSerialization serialization;

  /** @param serialization copies objects for {@link #deepCopy} */
  public HasMetadataAdapter(KubernetesSerialization serialization) {
    this.serialization = Objects.requireNonNull(serialization, "serialization");
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

  /** Returns a copy sharing nothing with {@code object}, made by fabric8's serialization. */
  @Override
  public T deepCopy(T object) {
    return serialization.clone(object);
  }
}

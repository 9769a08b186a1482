package io.informer4j.benchmarks.informer;

import io.informer4j.meta.ObjectAdapter;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1ObjectMeta;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Lets informer4j cache the official Kubernetes Java client's {@link V1ConfigMap} model as it is.
 *
 * <p>Thread-safe and stateless. An object without metadata reads as having no name, which the
 * informer treats as malformed.
 */
public final class ConfigMapAdapter implements ObjectAdapter<V1ConfigMap> {

  @Override
  public String namespace(V1ConfigMap object) {
    V1ObjectMeta metadata = object.getMetadata();
    return metadata == null ? null : metadata.getNamespace();
  }

  @Override
  public String name(V1ConfigMap object) {
    V1ObjectMeta metadata = object.getMetadata();
    return metadata == null ? null : metadata.getName();
  }

  @Override
  public String resourceVersion(V1ConfigMap object) {
    V1ObjectMeta metadata = object.getMetadata();
    return metadata == null ? null : metadata.getResourceVersion();
  }

  @Override
  public Map<String, String> labels(V1ConfigMap object) {
    V1ObjectMeta metadata = object.getMetadata();
    Map<String, String> labels = metadata == null ? null : metadata.getLabels();
    return labels == null ? Map.of() : labels;
  }

  /**
   * Copies through the model's own JSON form, which covers every field the model has. Slow (the
   * informer never calls it on its event path).
   *
   * @throws UncheckedIOException if the model cannot read back its own JSON
   */
  @Override
  public V1ConfigMap deepCopy(V1ConfigMap object) {
    try {
      return V1ConfigMap.fromJson(object.toJson());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy ConfigMap " + key(object) + " through JSON", e);
    }
  }
}

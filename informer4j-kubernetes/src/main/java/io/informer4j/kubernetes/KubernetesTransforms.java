package io.informer4j.kubernetes;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.util.function.UnaryOperator;

/**
 * Transforms for the informer ({@code SharedIndexInformer.Builder.transform}, {@code CacheConfig.withTransform})
 * that drop parts of cached Kubernetes objects. They run on freshly decoded objects before anything else
 * sees them (and before the cache compacts them: {@link HasMetadataAdapter#compact}), so they change the
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
}

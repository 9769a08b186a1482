package io.informer4j.kubernetes;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PartialObjectMetadata;
import io.informer4j.factory.ClientProvider;
import io.informer4j.factory.GenericClient;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.UnknownTypeException;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The shared informer factory's {@link ClientProvider} for Kubernetes. For a type it serves:
 * <ul>
 *   <li>a fabric8 model class (for example {@code ConfigMap}) whose annotations name that type;
 *   <li>{@link GenericKubernetesResource} (dynamic) and {@link PartialObjectMetadata} (metadata
 *       only) for any type: the plural and scope come from a {@link #register registered}
 *       descriptor, else from discovery at the first request, so the client of a CRD that is not
 *       installed yet can be made now and works once the CRD appears.
 * </ul>
 * Making a client sends no request. Thread-safe; registrations may happen at any time.
 */
public final class KubernetesClientProvider implements ClientProvider {

  private final KubernetesBackend backend;
  private final Map<TypeKey, ResourceDescriptor> descriptors = new ConcurrentHashMap<>();

  KubernetesClientProvider(KubernetesBackend backend) {
    this.backend = backend;
  }

  /** Registers an explicit descriptor (no discovery needed for its type); returns this provider. */
  public KubernetesClientProvider register(ResourceDescriptor descriptor) {
    descriptors.put(descriptor.type(), descriptor);
    return this;
  }

  /**
   * Returns the client of {@code type} decoded as {@code objectClass}.
   *
   * @throws UnknownTypeException if {@code objectClass} is not a fabric8 model, or is the model of
   *                              another type
   */
  @Override
  @SuppressWarnings("unchecked")
  public <T> GenericClient<T> clientFor(TypeKey type, Class<T> objectClass) {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(objectClass, "objectClass");
    if (!HasMetadata.class.isAssignableFrom(objectClass)) {
      throw new UnknownTypeException(type + " as " + objectClass.getName() + " (not a fabric8 HasMetadata model)");
    }
    return (GenericClient<T>) modelClient(type, objectClass.asSubclass(HasMetadata.class));
  }

  private <M extends HasMetadata> GenericClient<M> modelClient(TypeKey type, Class<M> modelClass) {
    ResourceDescriptor registered = descriptors.get(type);
    KubernetesListerWatcher<?> source;
    if (modelClass == GenericKubernetesResource.class) {
      source = registered != null ? backend.dynamic(registered) : backend.dynamic(type);
    } else if (modelClass == PartialObjectMetadata.class) {
      source = registered != null ? backend.metadataOnly(registered) : backend.metadataOnly(type);
    } else {
      ResourceDescriptor ofClass = ResourceDescriptor.of(modelClass);
      if (!ofClass.type().equals(type)) {
        throw new UnknownTypeException(type + " as " + modelClass.getName() + " (that class is " + ofClass.type() + ")");
      }
      source = backend.typed(modelClass, registered != null ? registered : ofClass);
    }
    @SuppressWarnings("unchecked")
    KubernetesListerWatcher<M> typedSource = (KubernetesListerWatcher<M>) source;
    return new GenericClient<>(typedSource, backend.adapter(modelClass));
  }
}

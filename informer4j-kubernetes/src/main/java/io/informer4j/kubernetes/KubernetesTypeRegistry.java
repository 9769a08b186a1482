package io.informer4j.kubernetes;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.TypeRegistry;
import io.informer4j.meta.UnknownTypeException;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a {@link KubernetesBackend} knows of types: a type's scope comes from a registered descriptor
 * or model class, else from what discovery has found (no request is sent here). A class's type
 * comes from its registration, else from a fabric8 model class's {@code @Group}/{@code @Version}
 * annotations.
 *
 * <p>Thread-safe; registrations may happen at any time.
 */
final class KubernetesTypeRegistry implements TypeRegistry {

  private final KubernetesTypeDiscovery discovery;
  private final Map<TypeKey, ResourceDescriptor> descriptors = new ConcurrentHashMap<>();
  private final Map<Class<?>, TypeKey> classes = new ConcurrentHashMap<>();

  KubernetesTypeRegistry(KubernetesTypeDiscovery discovery) {
    this.discovery = discovery;
  }

  /** Registers an explicit descriptor. */
  void register(ResourceDescriptor descriptor) {
    descriptors.put(descriptor.type(), descriptor);
  }

  /** Returns the descriptor registered for {@code type}, if any. */
  Optional<ResourceDescriptor> registered(TypeKey type) {
    return Optional.ofNullable(descriptors.get(type));
  }

  /**
   * Registers a fabric8 model class with the descriptor its annotations give (unless a descriptor of
   * its type is registered); returns the descriptor.
   *
   * @throws UnknownTypeException if the class has no API version
   */
  ResourceDescriptor register(Class<? extends HasMetadata> modelClass) {
    ResourceDescriptor descriptor;
    try {
      descriptor = ResourceDescriptor.of(modelClass);
    } catch (IllegalArgumentException e) {
      throw new UnknownTypeException(modelClass.getName() + " (" + e.getMessage() + ")");
    }
    classes.put(modelClass, descriptor.type());
    ResourceDescriptor earlier = descriptors.putIfAbsent(descriptor.type(), descriptor);
    return earlier != null ? earlier : descriptor;
  }

  @Override
  public Optional<Scope> scope(TypeKey type) {
    Objects.requireNonNull(type, "type");
    ResourceDescriptor registered = descriptors.get(type);
    return registered != null ? Optional.of(registered.scope()) : discovery.knownScope(type);
  }

  @Override
  public Optional<TypeKey> typeOf(Class<?> objectClass) {
    TypeKey registered = classes.get(Objects.requireNonNull(objectClass, "objectClass"));
    if (registered != null) {
      return Optional.of(registered);
    }
    if (HasMetadata.class.isAssignableFrom(objectClass)) {
      String apiVersion = HasMetadata.getApiVersion(objectClass);
      if (apiVersion != null && !apiVersion.isBlank()) {
        return Optional.of(ResourceDescriptor.of(objectClass.asSubclass(HasMetadata.class)).type());
      }
    }
    return Optional.empty();
  }
}

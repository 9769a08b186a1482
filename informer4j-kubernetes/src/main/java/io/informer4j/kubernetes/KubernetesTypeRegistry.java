package io.informer4j.kubernetes;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.TypeRegistry;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A {@link TypeRegistry} for Kubernetes: a type's scope comes from a registered descriptor or model
 * class, else from what discovery has found (no request is sent here: ask
 * {@link KubernetesTypeDiscovery#presence} first for types only discovery knows). A class's type
 * comes from its registration, else from a fabric8 model class's {@code @Group}/{@code @Version}
 * annotations.
 *
 * <p>Thread-safe; registrations may happen at any time.
 */
public final class KubernetesTypeRegistry implements TypeRegistry {

  private final KubernetesTypeDiscovery discovery;
  private final Map<TypeKey, Scope> scopes = new ConcurrentHashMap<>();
  private final Map<Class<?>, TypeKey> classes = new ConcurrentHashMap<>();

  KubernetesTypeRegistry(KubernetesTypeDiscovery discovery) {
    this.discovery = discovery;
  }

  /** Registers an explicit descriptor; returns this registry. */
  public KubernetesTypeRegistry register(ResourceDescriptor descriptor) {
    scopes.put(descriptor.type(), descriptor.scope());
    return this;
  }

  /**
   * Registers a fabric8 model class with the descriptor its annotations give; returns this registry.
   *
   * @throws IllegalArgumentException if the class has no API version
   */
  public KubernetesTypeRegistry register(Class<? extends HasMetadata> modelClass) {
    ResourceDescriptor descriptor = ResourceDescriptor.of(modelClass);
    classes.put(modelClass, descriptor.type());
    return register(descriptor);
  }

  @Override
  public Optional<Scope> scope(TypeKey type) {
    Objects.requireNonNull(type, "type");
    Scope registered = scopes.get(type);
    return registered != null ? Optional.of(registered) : discovery.knownScope(type);
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

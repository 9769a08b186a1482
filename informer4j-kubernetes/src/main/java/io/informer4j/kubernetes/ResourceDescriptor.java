package io.informer4j.kubernetes;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import java.util.Objects;

/**
 * Everything needed to address a Kubernetes resource type over REST: its group/version/kind, its
 * plural resource name and its scope. Comes from a model class, from discovery, or is given
 * explicitly (so a type can be used without a discovery call).
 *
 * <p>Immutable and thread-safe.
 *
 * @param type   the group, version and kind
 * @param plural the resource name in URLs ({@code configmaps}), lower case, never blank
 * @param scope  whether objects live in namespaces
 */
public record ResourceDescriptor(TypeKey type, String plural, Scope scope) {

  /** @throws IllegalArgumentException if the plural is blank or contains a slash */
  public ResourceDescriptor {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(plural, "plural");
    Objects.requireNonNull(scope, "scope");
    if (plural.isBlank() || plural.contains("/")) {
      throw new IllegalArgumentException("invalid plural '" + plural + "' for " + type);
    }
  }

  /**
   * Returns the descriptor of a fabric8 model class, read from its {@code @Group}, {@code @Version},
   * {@code @Kind} and {@code @Plural} annotations; the scope is namespaced when the class implements
   * {@link Namespaced}.
   *
   * @throws IllegalArgumentException if the class has no API version
   */
  public static ResourceDescriptor of(Class<? extends HasMetadata> modelClass) {
    String apiVersion = HasMetadata.getApiVersion(modelClass);
    if (apiVersion == null || apiVersion.isBlank()) {
      throw new IllegalArgumentException(modelClass.getName() + " has no @Group/@Version, so its API version is unknown");
    }
    TypeKey type = TypeKey.fromApiVersion(apiVersion, HasMetadata.getKind(modelClass));
    Scope scope = Namespaced.class.isAssignableFrom(modelClass) ? Scope.NAMESPACED : Scope.CLUSTER;
    return new ResourceDescriptor(type, HasMetadata.getPlural(modelClass), scope);
  }

  /**
   * Returns the URL path of the collection, relative to the API server's root: for example
   * {@code api/v1/namespaces/shop/configmaps} or {@code apis/apps/v1/deployments}.
   *
   * @param namespace the namespace, or {@code ""} (or null) for all namespaces; ignored for
   *                  cluster-scoped types
   */
  public String collectionPath(String namespace) {
    StringBuilder path = new StringBuilder(type.group().isEmpty() ? "api/" : "apis/" + type.group() + "/");
    path.append(type.version()).append('/');
    if (namespace != null && !namespace.isEmpty() && scope == Scope.NAMESPACED) {
      path.append("namespaces/").append(namespace).append('/');
    }
    return path.append(plural).toString();
  }
}

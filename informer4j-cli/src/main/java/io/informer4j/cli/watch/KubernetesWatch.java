package io.informer4j.cli.watch;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.Config;
import io.informer4j.cli.CliException;
import io.informer4j.cli.run.WatchedType;
import io.informer4j.controller.NamespaceFilter;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.source.Selection;
import io.informer4j.source.SourceException;
import java.nio.file.Path;

/**
 * Prepares {@code informer4j watch} over a Kubernetes API server: fabric8's configuration from
 * {@code --kubeconfig} (or the default kubeconfig / in-cluster account), the resource found through
 * discovery and registered with the backend, a first list, and the resource watched as dynamic
 * {@link GenericKubernetesResource}s under the namespace rules and label selector. The
 * configuration is read by {@link KubernetesConfiguration}.
 */
public final class KubernetesWatch {

  private KubernetesWatch() {
  }

  /**
   * Connects and checks; blocks for the discovery and list requests.
   *
   * @param kubeconfig    the kubeconfig file, or null for fabric8's default configuration
   * @param resource      the resource to watch
   * @param filter        the namespace rules
   * @param labelSelector restricts what is listed and watched
   * @throws CliException when the configuration cannot be read, the server cannot be reached, the
   *                      credentials are rejected, the resource is unknown, or the rules do not fit it
   */
  public static WatchTarget prepare(Path kubeconfig, ResourceSpec resource, NamespaceFilter filter,
                                    LabelSelector labelSelector) {
    KubernetesConfiguration configuration = KubernetesConfiguration.load(kubeconfig);
    Config config = configuration.config();
    String server = configuration.server();
    KubernetesBackend backend = KubernetesBackend.connect(config);
    try {
      ResourceDescriptor descriptor;
      try {
        descriptor = resource.resolve(backend.discovery());
      } catch (SourceException e) {
        throw configuration.explain(SourceErrors.describe(e, server, resource.toString()));
      }
      if (descriptor.scope() == Scope.CLUSTER && filter.isActive()) {
        throw new CliException(descriptor.plural() + " is cluster-scoped: --namespace, --allowed and --restricted"
            + " apply to namespaced resources only", 2, null);
      }
      backend.register(descriptor);
      ObjectType<GenericKubernetesResource> type = backend.dynamic(descriptor.type());
      Selection selection = filter.isSingleNamespace() ? Selection.inNamespace(filter.singleNamespace()) : Selection.all();
      try {
        Preflight.check(backend.listerWatcher(type), selection, server, descriptor.plural()
            + (filter.isSingleNamespace() ? " in namespace " + filter.singleNamespace() : ""));
      } catch (CliException e) {
        throw configuration.explain(e);
      }
      WatchedType watched = new WatchedType(type, descriptor.type().kind(), filter, labelSelector);
      return new WatchTarget(backend, watched, "  watching " + descriptor.plural() + " (" + descriptor.type() + ") on "
          + config.getMasterUrl() + (configuration.fallback() == null ? "" : " (in-cluster configuration)"), backend);
    } catch (RuntimeException e) {
      backend.close();
      throw e;
    }
  }
}

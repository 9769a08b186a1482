package io.informer4j.spring.test;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.kubernetes.testserver.ResourceType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Starts a Kubernetes test server for one application context, as {@link AutoConfigureKubernetesTestServer}
 * says: serves its types, creates its CRDs, writes its kubeconfig to a temporary file, puts that
 * file's path first among the context's properties as {@code informer4j.kubernetes.kubeconfig}, and
 * registers the server as bean {@value #BEAN_NAME} (closed when the context's beans are destroyed,
 * after its lifecycle stopped the manager; the kubeconfig is deleted when the context closes).
 * Equal customizers (same attributes) let Spring's test context cache share a context. Immutable.
 *
 * @param serve           built-in types to serve
 * @param namespaces      Namespaces to create
 * @param crds            classpath resources holding CRDs
 * @param customResources custom resource classes whose CRDs are created
 */
record KubernetesTestServerContextCustomizer(List<Class<? extends HasMetadata>> serve, List<String> namespaces,
                                             List<String> crds,
                                             List<Class<? extends HasMetadata>> customResources)
    implements ContextCustomizer {

  /** The server's bean name. */
  static final String BEAN_NAME = "informer4jKubernetesTestServer";
  /** The starter's property this sets. */
  static final String KUBECONFIG_PROPERTY = "informer4j.kubernetes.kubeconfig";
  private static final String PROPERTY_SOURCE = "informer4jKubernetesTestServer";

  static KubernetesTestServerContextCustomizer of(AutoConfigureKubernetesTestServer settings) {
    return new KubernetesTestServerContextCustomizer(List.of(settings.serve()), List.of(settings.namespaces()),
        List.of(settings.crds()),
        List.of(settings.customResources()));
  }

  /**
   * Starts the server and hands it to {@code context} (not refreshed yet).
   *
   * @throws IllegalArgumentException if a CRD resource is missing or holds no CRD
   * @throws IllegalStateException    if a CRD is refused or not established in time
   * @throws UncheckedIOException     if the kubeconfig cannot be written
   */
  @Override
  public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration configuration) {
    KubernetesTestServer server = KubernetesTestServer.start();
    Path kubeconfig;
    try {
      kubeconfig = prepare(server);
    } catch (RuntimeException e) {
      server.close();
      throw e;
    }
    context.getEnvironment().getPropertySources()
        .addFirst(new MapPropertySource(PROPERTY_SOURCE, Map.of(KUBECONFIG_PROPERTY, kubeconfig.toString())));
    RootBeanDefinition bean = new RootBeanDefinition(KubernetesTestServer.class, () -> server);
    bean.setDestroyMethodName("close");
    registry(context).registerBeanDefinition(BEAN_NAME, bean);
    context.addApplicationListener(event -> {
      if (event instanceof ContextClosedEvent closed && closed.getApplicationContext() == context) {
        delete(kubeconfig);
      }
    });
  }

  private Path prepare(KubernetesTestServer server) {
    for (Class<? extends HasMetadata> type : serve) {
      server.serve(type);
    }
    server.createNamespaces(namespaces.toArray(String[]::new));
    for (Class<? extends HasMetadata> customResource : customResources) {
      server.createCustomResourceDefinition(ResourceType.of(customResource));
    }
    crds.forEach(server::createCustomResourceDefinition);
    try {
      return server.writeKubeconfig(Files.createTempFile("informer4j-test-server-", ".kubeconfig"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the test server's kubeconfig", e);
    }
  }

  private static BeanDefinitionRegistry registry(ConfigurableApplicationContext context) {
    if (context instanceof BeanDefinitionRegistry registry) {
      return registry;
    }
    if (context.getBeanFactory() instanceof BeanDefinitionRegistry registry) {
      return registry;
    }
    throw new IllegalStateException("@AutoConfigureKubernetesTestServer needs a context that takes bean definitions, not a "
        + context.getClass().getName());
  }

  private static void delete(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // a temporary file left behind
    }
  }
}

package io.informer4j.spring.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;

/**
 * What {@link AutoConfigureKubernetesTestServer} does to a context, without Spring Boot: which test
 * classes get a server, when two share a cached context, what the context holds and what its close
 * leaves behind, and a bad CRD resource.
 */
class KubernetesTestServerContextCustomizerTest {

  private final KubernetesTestServerContextCustomizerFactory factory = new KubernetesTestServerContextCustomizerFactory();

  @AutoConfigureKubernetesTestServer(serve = ConfigMap.class)
  static class ServesConfigMaps {
  }

  @AutoConfigureKubernetesTestServer(serve = ConfigMap.class)
  static class AlsoServesConfigMaps {
  }

  @AutoConfigureKubernetesTestServer(serve = Secret.class)
  static class ServesSecrets {
  }

  static class Subclass extends ServesConfigMaps {
  }

  @AutoConfigureKubernetesTestServer(serve = ConfigMap.class)
  static class Enclosing {
    @Nested
    class Inner {
    }
  }

  @Test
  void onlyAnnotatedTestClassesGetAServerAndEqualAttributesShareACachedContext() {
    assertThat(factory.createContextCustomizer(KubernetesTestServerContextCustomizerTest.class, List.of())).isNull();
    assertThat(factory.createContextCustomizer(ServesConfigMaps.class, List.of()))
        .isEqualTo(factory.createContextCustomizer(AlsoServesConfigMaps.class, List.of()))
        .isEqualTo(factory.createContextCustomizer(Subclass.class, List.of()))
        .isEqualTo(factory.createContextCustomizer(Enclosing.Inner.class, List.of()))
        .isNotEqualTo(factory.createContextCustomizer(ServesSecrets.class, List.of()));
  }

  @Test
  void theContextHoldsTheServerAndItsKubeconfigUntilItCloses() throws Exception {
    Path kubeconfig;
    KubernetesTestServer server;
    try (AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext()) {
      factory.createContextCustomizer(ServesConfigMaps.class, List.of()).customizeContext(context, null);
      context.refresh();
      server = context.getBean(KubernetesTestServer.class);
      kubeconfig = Path.of(context.getEnvironment().getRequiredProperty("informer4j.kubernetes.kubeconfig"));
      assertThat(Files.readString(kubeconfig)).contains("server: " + server.url().replaceAll("/$", ""));
      try (KubernetesClient client = server.newClient()) {
        assertThat(client.configMaps().inNamespace("default").list().getItems()).isEmpty();
      }
    }
    assertThat(kubeconfig).doesNotExist();
    try (KubernetesClient client = server.newClient()) {
      assertThatThrownBy(() -> client.configMaps().inNamespace("default").list()).isInstanceOf(KubernetesClientException.class);
    }
  }

  @AutoConfigureKubernetesTestServer(crds = "crds/missing.yaml")
  static class MissingCrd {
  }

  @Test
  void aMissingCrdResourceFailsTheContextNamingIt() {
    try (AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext()) {
      assertThatThrownBy(() -> factory.createContextCustomizer(MissingCrd.class, List.of()).customizeContext(context, null))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("crds/missing.yaml");
      assertThat(context.getEnvironment().getProperty("informer4j.kubernetes.kubeconfig")).isNull();
    }
  }
}

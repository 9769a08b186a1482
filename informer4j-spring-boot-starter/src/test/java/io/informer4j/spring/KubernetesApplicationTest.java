package io.informer4j.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.informer4j.controller.Result;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectType;
import io.informer4j.reader.CacheReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A Spring Boot application against the Kubernetes test server, connected through the kubeconfig
 * property: the cache lists ConfigMaps of the namespace the type's properties name, the controller
 * bean reconciles them, readiness is UP, and the context's close leaves no manager thread.
 */
class KubernetesApplicationTest {

  static final List<String> RECONCILED = new CopyOnWriteArrayList<>();

  /** The application: one controller of ConfigMaps. */
  @Configuration(proxyBeanMethods = false)
  @EnableAutoConfiguration
  static class ConfigMapApplication {

    @Bean
    ControllerDefinition<ConfigMap> flags(KubernetesBackend kubernetes, Manager manager) {
      ObjectType<ConfigMap> configMaps = kubernetes.type(ConfigMap.class);
      CacheReader<ConfigMap> cache = manager.cache().reader(configMaps);
      return ControllerDefinition.of("flags", configMaps, key -> {
        RECONCILED.add(cache.find(key).map(cm -> key + ": " + cm.getData().size() + " keys").orElse("deleted " + key));
        return Result.done();
      });
    }
  }

  @Test
  void reconcilesConfigMapsOfTheConfiguredNamespace(@TempDir Path directory) throws Exception {
    try (KubernetesTestServer server = KubernetesTestServer.start().serve(ConfigMap.class).createNamespaces("shop");
         KubernetesClient client = server.newClient()) {
      Path kubeconfig = server.writeKubeconfig(directory.resolve("kubeconfig"));
      ConfigurableApplicationContext context = new SpringApplicationBuilder(ConfigMapApplication.class)
          .web(WebApplicationType.NONE).properties(Map.of(
              "informer4j.kubernetes.kubeconfig", kubeconfig.toString(),
              "informer4j.types[0].api-version", "v1",
              "informer4j.types[0].kind", "ConfigMap",
              "informer4j.types[0].namespaces", "shop")).run();
      try {
        for (String namespace : List.of("shop", "kube-system")) {
          client.configMaps().inNamespace(namespace).resource(new ConfigMapBuilder().withNewMetadata().withName("flags")
              .endMetadata().addToData("beta", "on").build()).create();
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> RECONCILED.contains("shop/flags: 1 keys"));
        HealthIndicator readiness = context.getBean(Informer4jHealthConfiguration.READINESS, HealthIndicator.class);
        await().atMost(Duration.ofSeconds(30)).until(() -> readiness.health().getStatus().equals(Status.UP));
        Manager manager = context.getBean(Manager.class);
        assertThat(manager.cache().entries()).singleElement()
            .satisfies(entry -> assertThat(entry.selection().namespace()).isEqualTo("shop"));

        client.configMaps().inNamespace("shop").withName("flags").delete();
        await().atMost(Duration.ofSeconds(30)).until(() -> RECONCILED.contains("deleted shop/flags"));
        assertThat(RECONCILED).noneMatch(line -> line.contains("kube-system"));
      } finally {
        context.close();
      }
      assertThat(Files.exists(kubeconfig)).isTrue();
    }
    await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(ApplicationThreads.ofInformer4j()).isEmpty());
  }
}

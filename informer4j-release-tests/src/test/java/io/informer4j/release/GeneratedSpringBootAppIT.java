package io.informer4j.release;

import static io.informer4j.release.ConsumerProject.JUNIT_6_API;
import static io.informer4j.release.ConsumerProject.TEST_SERVER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.SortedSet;
import org.junit.jupiter.api.Test;

/**
 * A Spring Boot application exactly as start.spring.io generates it ({@code spring-boot-starter-parent}
 * 4.0.x, Spring Web, Actuator), with informer4j added from the BOM alone
 * ({@code examples/generated-spring-boot-app}), builds, passes its {@code @SpringBootTest} (JUnit 6,
 * {@code @MockitoBean}, {@code @AutoConfigureKubernetesTestServer}), and runs as a jar: it starts,
 * serves actuator health and {@code /actuator/katalog}, reconciles what is written to a Kubernetes
 * test server, and stops on SIGTERM. Importing informer4j-bom changed none of the versions the
 * application chooses and downgraded none that Spring Boot manages ({@link PlatformVersions}).
 */
class GeneratedSpringBootAppIT {

  @Test
  void aGeneratedApplicationBuildsPassesItsTestsAndRuns() throws Exception {
    ConsumerProject app = ConsumerProject.copy("generated-spring-boot-app");
    SortedSet<String> resolved = app.verifyAndListDependencies();

    assertThat(resolved).as("what the application resolved").contains(JUNIT_6_API, TEST_SERVER)
        .noneMatch(artifact -> artifact.startsWith("org.junit.jupiter:") && artifact.contains(":5."));
    PlatformVersions.check(app, "spring-boot-dependencies", resolved);

    try (KubernetesTestServer server = KubernetesTestServer.start().serve(ConfigMap.class).createNamespaces("shop");
         KubernetesClient client = server.newClient()) {
      Path kubeconfig = server.writeKubeconfig(ConsumerProject.TARGET.resolve("generated-spring-boot-app.kubeconfig"));
      try (RunningApplication running = RunningApplication.start(app.dir().resolve("target/demo-0.0.1-SNAPSHOT.jar"),
          ConsumerProject.TARGET.resolve("generated-spring-boot-app-run.log"), "--informer4j.kubernetes.kubeconfig=" + kubeconfig)) {
        await().atMost(Duration.ofSeconds(120)).until(() -> !running.isAlive() || running.get("/actuator/health").status() == 200);
        assertThat(running.get("/actuator/health")).as("health").satisfies(health -> assertThat(health.body()).contains("\"UP\""));

        client.configMaps().inNamespace("shop").resource(new ConfigMapBuilder().withNewMetadata().withName("flags")
            .addToAnnotations("owner", "shop").endMetadata().addToData("beta", "on").build()).create();
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(client.configMaps().inNamespace("shop")
            .withName("flags").get().getMetadata().getAnnotations()).containsEntry("demo.example.com/reconciled-by", "demo"));

        RunningApplication.Response katalog = running.get("/actuator/katalog");
        assertThat(katalog.status()).isEqualTo(200);
        assertThat(katalog.body()).contains("\"flags\"", "ConfigMap", "\"synced\":true");
        assertThat(running.stop()).as("exit code after SIGTERM").isIn(0, 143);
      }
      assertThat(Files.readString(ConsumerProject.TARGET.resolve("generated-spring-boot-app-run.log")))
          .contains("Started DemoApplication").doesNotContain("Exception", "ERROR");
    }
  }
}

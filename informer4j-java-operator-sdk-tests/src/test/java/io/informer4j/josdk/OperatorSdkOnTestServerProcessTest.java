package io.informer4j.josdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.informer4j.kubernetes.testserver.TestServerProcess;
import io.javaoperatorsdk.operator.Operator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An operator written with the Java Operator SDK 5.2 and its default settings ({@link PageReconciler}:
 * server-side apply for its dependent Deployment and for the page's status) against the Kubernetes
 * test server run as a process from informer4j-cli's jar: a page gets its Deployment and status, a
 * spec change reaches both, a deletion takes the Deployment along (owner reference, garbage collection).
 */
class OperatorSdkOnTestServerProcessTest {

  private static final Duration WAIT = Duration.ofSeconds(60);

  @TempDir
  Path directory;
  private TestServerProcess server;
  private KubernetesClient client;
  private Operator operator;

  @BeforeEach
  void start() throws IOException {
    Path crd = directory.resolve("pages.yaml");
    try (InputStream in = getClass().getClassLoader().getResourceAsStream("pages.yaml")) {
      Files.write(crd, in.readAllBytes());
    }
    server = TestServerProcess.builder().cliJar(Path.of(System.getProperty("informer4j.cli.jar")))
        .arguments("--serve", "apps/v1/Deployment", "--crd", crd.toString()).start();
    client = new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(Files.readString(server.kubeconfig()))).build();
    operator = new Operator(overrides -> overrides.withKubernetesClient(client));
    operator.register(new PageReconciler());
    operator.start();
  }

  @AfterEach
  void stop() {
    try {
      if (operator != null) {
        operator.stop();
      }
      if (client != null) {
        client.close();
      }
    } finally {
      server.close();
    }
  }

  @Test
  void convergesOnCreationFollowsASpecChangeAndCleansUpOnDeletion() {
    Page page = new Page();
    page.getMetadata().setName("home");
    page.getMetadata().setNamespace("default");
    page.setSpec(new Page.Spec());
    page.getSpec().setHtml("<h1>Hello</h1>");
    client.resource(page).create();
    Resource<Page> home = client.resources(Page.class).inNamespace("default").withName("home");
    Resource<Deployment> web = client.apps().deployments().inNamespace("default").withName("home");

    await().atMost(WAIT).until(() -> observedGeneration(home.get()).equals(Optional.of(1L)));
    assertThat(page(web.get())).isEqualTo("<h1>Hello</h1>");
    assertThat(web.get().getMetadata().getOwnerReferences()).singleElement()
        .satisfies(owner -> assertThat(owner.getUid()).isEqualTo(home.get().getMetadata().getUid()));
    assertThat(web.get().getMetadata().getManagedFields()).as("the dependent was written with server-side apply")
        .anySatisfy(entry -> assertThat(entry.getOperation()).isEqualTo("Apply"));
    assertThat(home.get().getMetadata().getManagedFields()).as("and the status")
        .anySatisfy(entry -> assertThat(entry.getOperation() + " " + entry.getSubresource()).isEqualTo("Apply status"));
    assertThat(home.get().getStatus().getMessage()).isEqualTo("served by Deployment home");

    home.edit(p -> {
      p.getSpec().setHtml("<h1>Hello again</h1>");
      return p;
    });

    await().atMost(WAIT).until(() -> observedGeneration(home.get()).equals(Optional.of(2L)));
    await().atMost(WAIT).until(() -> "<h1>Hello again</h1>".equals(page(web.get())));

    home.delete();

    await().atMost(WAIT).until(() -> home.get() == null && web.get() == null);
    assertThat(server.isAlive()).isTrue();
  }

  private static String page(Deployment deployment) {
    return deployment.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv().get(0).getValue();
  }

  private static Optional<Long> observedGeneration(Page page) {
    return Optional.ofNullable(page).map(Page::getStatus).map(Page.Status::getObservedGeneration);
  }
}

package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The JUnit extension with the server in a process of its own: the same injections but the server's internals. */
@EnableKubernetesTestServer(serve = ConfigMap.class, crds = "crds/gadgets.yaml", process = true)
class ProcessExtensionTest {

  @Test
  void injectsAClientTheKubeconfigAndTheProcess(KubernetesClient client, @Kubeconfig Path kubeconfig,
                                                TestServerProcess server) {
    client.resource(new ConfigMapBuilder().withNewMetadata().withName("c").endMetadata().build()).create();

    assertThat(client.configMaps().withName("c").get()).isNotNull();
    assertThat(client.genericKubernetesResources("example.com/v1", "Gadget").list().getItems()).isEmpty();
    assertThat(kubeconfig).isEqualTo(server.kubeconfig()).exists();
    assertThat(ProcessHandle.current().pid()).isNotEqualTo(server.pid());
    assertThat(server.isAlive()).isTrue();
  }
}

package io.informer4j.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.informer4j.source.Redaction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kubeconfig whose client certificate or key cannot be used fails {@code connect} with a
 * {@link KubernetesConfigurationException} that names the fields to fix and the reason (fabric8
 * alone says "An error has occurred."), and shows none of the key material. A password in the server
 * URL leaves the URL.
 */
class ClientCredentialsTest {

  @TempDir
  Path dir;

  @Test
  void aClientKeyAndCertificateThatAreNotPemAreNamed() throws Exception {
    Config config = kubeconfig("client-certificate-data: " + base64("not a certificate"),
        "client-key-data: " + base64("not a key, secret-bytes"));

    assertThatThrownBy(() -> KubernetesBackend.connect(config)).isInstanceOf(KubernetesConfigurationException.class)
        .hasMessageContaining("client certificate or client key")
        .hasMessageContaining("client-key[-data]")
        .hasMessageContaining("https://127.0.0.1:1")
        .hasMessageContaining("No certificate data found")
        .hasMessageNotContaining("An error has occurred")
        .hasMessageNotContaining("secret-bytes");
  }

  @Test
  void aBrokenPemKeySaysWhatTheParserFound() throws Exception {
    Config config = kubeconfig(
        "client-certificate-data: " + base64("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n"),
        "client-key-data: " + base64("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"));

    assertThatThrownBy(() -> KubernetesBackend.connect(config)).isInstanceOf(KubernetesConfigurationException.class)
        .hasMessageContaining("client certificate or client key").hasMessageContaining("PEM private key");
  }

  @Test
  void aMissingCertificateFileIsNamed() throws Exception {
    Config config = kubeconfig("client-certificate: " + dir.resolve("absent.crt"), "client-key: " + dir.resolve("absent.key"));

    assertThatThrownBy(() -> KubernetesBackend.connect(config)).isInstanceOf(KubernetesConfigurationException.class)
        .hasMessageContaining("names a file that cannot be read").hasMessageContaining("absent.crt");
  }

  @Test
  void aPasswordInTheServerUrlBecomesBasicAuthAndLeavesTheUrl() {
    Config config = new ConfigBuilder().withMasterUrl("https://alice:s3cr%40t@127.0.0.1:1").build();

    try (KubernetesBackend kube = KubernetesBackend.connect(config)) {
      assertThat(kube.description()).startsWith("Kubernetes https://127.0.0.1:1");
      assertThat(kube.client().getMasterUrl().toString()).doesNotContain("alice", "s3cr");
    }
    assertThat(config.getUsername()).isEqualTo("alice");
    assertThat(config.getPassword()).isEqualTo("s3cr@t");
    assertThat(Redaction.redact("the server said s3cr@t")).isEqualTo("the server said ***");
  }

  @Test
  void aClientWithAPasswordInItsUrlIsDescribedWithoutIt() {
    Config config = new ConfigBuilder().withMasterUrl("https://bob:hunter2@127.0.0.1:1").build();

    try (KubernetesClient client = new KubernetesClientBuilder().withConfig(config).build();
         KubernetesBackend kube = KubernetesBackend.using(client)) {
      assertThat(kube.description()).startsWith("Kubernetes https://bob:***@127.0.0.1:1").doesNotContain("hunter2");
    }
  }

  private Config kubeconfig(String... userFields) throws Exception {
    Path file = dir.resolve("kubeconfig");
    Files.writeString(file, """
        apiVersion: v1
        kind: Config
        clusters:
        - name: c
          cluster:
            server: https://127.0.0.1:1
        users:
        - name: u
          user:
            %s
        contexts:
        - name: x
          context: {cluster: c, user: u}
        current-context: x
        """.formatted(String.join("\n    ", userFields)));
    return Config.fromKubeconfig(file.toFile());
  }

  private static String base64(String text) {
    return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }
}

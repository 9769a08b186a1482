package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.informer4j.etcd.testing.TestCertificates;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The test server as a process ({@link TestServerCommand}, started and stopped by {@link TestServerProcess}). */
class TestServerProcessTest {

  @TempDir
  Path directory;

  private static KubernetesClient client(Path kubeconfig) throws IOException {
    return new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(Files.readString(kubeconfig))).build();
  }

  private Path gadgetsCrd() throws IOException {
    try (InputStream in = getClass().getClassLoader().getResourceAsStream("crds/gadgets.yaml")) {
      return Files.write(directory.resolve("gadgets.yaml"), in.readAllBytes());
    }
  }

  @Test
  void servesWhatItIsToldWritesAKubeconfigAndStopsCleanlyOnSigterm() throws IOException {
    TestServerProcess server = TestServerProcess.builder()
        .arguments("--serve", "ConfigMap", "--crd", gadgetsCrd().toString()).start();
    long pid = server.pid();
    URI url = URI.create(server.url());
    try (KubernetesClient client = client(server.kubeconfig())) {
      assertThat(url.getScheme() + "://" + url.getHost()).isEqualTo("http://127.0.0.1");
      client.resource(new ConfigMapBuilder().withNewMetadata().withName("c").endMetadata().build()).create();
      assertThat(client.configMaps().list().getItems()).hasSize(1);
      assertThat(client.genericKubernetesResources("example.com/v1", "Gadget").list().getItems())
          .as("the CRD was established before the server said it was ready").isEmpty();
      assertThatThrownBy(() -> client.apps().deployments().list()).isInstanceOfSatisfying(KubernetesClientException.class,
          e -> assertThat(e.getCode()).isEqualTo(404));
    } finally {
      server.close();
    }

    assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).isEmpty();
    assertThat(server.output()).last().isEqualTo(TestServerCommand.STOPPED);
    assertThatThrownBy(() -> new Socket(url.getHost(), url.getPort()).close()).isInstanceOf(ConnectException.class);
    assertThat(server.kubeconfig()).doesNotExist();
  }

  @Test
  void anAddressThatIsNotLoopbackNeedsTlsAndAToken() throws IOException, GeneralSecurityException {
    assertThatThrownBy(() -> TestServerProcess.builder().arguments("--address", "0.0.0.0").start())
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("ended with exit code 2")
        .hasMessageContaining("which is not a loopback address, only with TLS");

    TestCertificates certificates = TestCertificates.create(directory);
    try (TestServerProcess server = TestServerProcess.builder().arguments("--address", "0.0.0.0", "--serve", "ConfigMap",
        "--tls-cert-file", certificates.serverCert().toString(), "--tls-private-key-file",
        certificates.serverKey().toString()).start();
         KubernetesClient client = client(server.kubeconfig())) {
      assertThat(server.url()).startsWith("https://127.0.0.1:");
      assertThat(Files.readString(server.kubeconfig())).contains("certificate-authority-data: ").contains("token: ");
      assertThat(client.configMaps().list().getItems()).isEmpty();

      assertThat(statusWithoutToken(server.url() + "api/v1/namespaces/default/configmaps", certificates.ca()))
          .isEqualTo(401);
    }
  }

  /** Returns the status of a GET over TLS (trusting {@code ca}) without a token. */
  private static int statusWithoutToken(String url, Path ca) throws GeneralSecurityException, IOException {
    KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
    trusted.load(null, null);
    try (InputStream in = Files.newInputStream(ca)) {
      trusted.setCertificateEntry("ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
    }
    TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    trust.init(trusted);
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(null, trust.getTrustManagers(), null);
    try {
      return HttpClient.newBuilder().sslContext(tls).build()
          .send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }
}

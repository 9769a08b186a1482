package io.informer4j.etcd;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.etcd.testing.TestCertificates;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@link EtcdClients} refuses to build, each with a message naming the endpoint or file. */
class EtcdClientsTest {

  @TempDir
  Path dir;

  @Test
  void anHttpsEndpointWithoutTlsSettingsIsAnError() {
    assertThatThrownBy(() -> EtcdClients.connect("https://etcd.example:2379"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("https://etcd.example:2379").hasMessageContaining("no TLS settings");
  }

  @Test
  void tlsSettingsForAPlaintextEndpointOrMixedSchemesAreErrors() {
    TestCertificates tls = TestCertificates.create(dir);
    assertThatThrownBy(() -> EtcdClients.builder("http://127.0.0.1:2379").trustedCa(tls.ca()).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("http://127.0.0.1:2379 is plaintext");
    assertThatThrownBy(() -> EtcdClients.builder("https://a:2379", "http://b:2379").trustedCa(tls.ca()).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mix http:// and https://");
  }

  @Test
  void credentialsInsideAnEndpointAreAnErrorThatHidesThePassword() {
    assertThatThrownBy(() -> EtcdClients.connect("http://alice:s3cret@127.0.0.1:2379"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("http://alice:***@127.0.0.1:2379").hasMessageNotContaining("s3cret");
    assertThatThrownBy(() -> EtcdClients.connect("http://alice:s3cret@[bad"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageNotContaining("s3cret");
  }

  @Test
  void anEndpointThatIsNotAnHttpUrlIsAnError() {
    assertThatThrownBy(() -> EtcdClients.connect("127.0.0.1:2379")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'127.0.0.1:2379'").hasMessageContaining("http://host:port");
    assertThatThrownBy(() -> EtcdClients.connect("unix:///run/etcd.sock")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void unusableKeyAndCertificateFilesAreNamed() {
    TestCertificates tls = TestCertificates.create(dir);
    Path sec1 = tls.clientKeyInSec1Form();
    assertThatThrownBy(() -> EtcdClients.builder("https://127.0.0.1:2379").trustedCa(tls.ca())
        .clientCertificate(tls.clientCert(), sec1).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(sec1.toString())
        .hasMessageContaining("openssl pkcs8 -topk8 -nocrypt");
    Path missing = dir.resolve("missing.crt");
    assertThatThrownBy(() -> EtcdClients.builder("https://127.0.0.1:2379").trustedCa(missing).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot read the CA certificate file " + missing);
    assertThatThrownBy(() -> EtcdClients.builder("https://127.0.0.1:2379").trustedCa(tls.clientKey()).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("holds no PEM certificate");
  }

  @Test
  void emptyCredentialsAreAnError() {
    assertThatThrownBy(() -> EtcdClients.builder("http://127.0.0.1:2379").credentials("", "x"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> EtcdClients.builder("http://127.0.0.1:2379").credentials("alice", ""))
        .isInstanceOf(IllegalArgumentException.class);
  }
}

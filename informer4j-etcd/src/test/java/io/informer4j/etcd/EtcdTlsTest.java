package io.informer4j.etcd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.etcd.jetcd.Client;
import io.informer4j.etcd.testing.EtcdServer;
import io.informer4j.etcd.testing.EtcdWriter;
import io.informer4j.etcd.testing.TestCertificates;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.source.ListRequest;
import io.informer4j.source.Selection;
import io.informer4j.source.SourceException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** etcd serving clients over TLS only and requiring client certificates, with certificates openssl made. */
class EtcdTlsTest {

  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final KeyLayout LAYOUT = KeyLayout.namespaced("/informer4j-test/tls");

  @TempDir
  static Path certificates;
  private static TestCertificates tls;
  private static EtcdServer server;

  @BeforeAll
  static void startEtcdWithTls() {
    tls = TestCertificates.create(certificates);
    server = EtcdServer.startTls(tls);
  }

  @AfterAll
  static void stopEtcd() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void anInformerOverTlsWithAClientCertificateSyncsAndWatches() throws InterruptedException {
    assertThat(server.endpoint()).startsWith("https://");
    try (Client client = EtcdClients.builder(server.endpoint()).trustedCa(tls.ca())
        .clientCertificate(tls.clientCert(), tls.clientKey()).build();
         InformerRuntime runtime = InformerRuntime.create("etcd-tls")) {
      EtcdWriter writer = new EtcdWriter(client, LAYOUT);
      writer.putAll(EtcdInformerTest.widgets("ns", "w", 20));
      SharedIndexInformer<EtcdObject<Widget>> informer = SharedIndexInformer.builder(
          EtcdListerWatcher.builder(client, LAYOUT, Widget.CODEC, Widget.ADAPTER).build(), Widget.ADAPTER)
          .runtime(runtime).build();
      informer.start();
      assertThat(informer.waitForCacheSync(WAIT)).isTrue();

      writer.put("ns", "later", Widget.labelled(Map.of()));
      await().atMost(WAIT).until(() -> EtcdInformerTest.cache(informer).equals(writer.truth()));
      assertThat(informer.status().errors()).isZero();
      informer.stop();
    }
  }

  @Test
  void anUntrustedServerCertificateFailsWithATlsMessage() {
    try (Client client = EtcdClients.builder(server.endpoint()).trustedCa(tls.otherCa())
        .clientCertificate(tls.clientCert(), tls.clientKey()).build()) {
      assertThatThrownBy(() -> listOne(client)).isExactlyInstanceOf(SourceException.class)
          .hasMessageContaining("the TLS connection to etcd could not be established");
    }
  }

  @Test
  void withoutAClientCertificateEtcdRefusesTheTlsConnection() {
    try (Client client = EtcdClients.builder(server.endpoint()).trustedCa(tls.ca()).build()) {
      assertThatThrownBy(() -> listOne(client)).isExactlyInstanceOf(SourceException.class)
          .hasMessageContaining("the TLS connection to etcd could not be established");
    }
  }

  private static void listOne(Client client) {
    EtcdListerWatcher.builder(client, LAYOUT, Widget.CODEC, Widget.ADAPTER).requestTimeout(Duration.ofSeconds(10)).build()
        .list(ListRequest.of(Selection.all(), "").withLimit(1), item -> { });
  }
}

package io.informer4j.etcd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.etcd.jetcd.Client;
import io.informer4j.etcd.testing.EtcdAuth;
import io.informer4j.etcd.testing.EtcdServer;
import io.informer4j.etcd.testing.EtcdWriter;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.source.ForbiddenException;
import io.informer4j.source.ListRequest;
import io.informer4j.source.Selection;
import io.informer4j.source.SourceException;
import io.informer4j.source.TransientSourceException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** etcd with authentication enabled: a user that may read a prefix, and what wrong credentials get. */
class EtcdAuthTest {

  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final KeyLayout LAYOUT = KeyLayout.namespaced("/informer4j-test/secured");

  private static EtcdServer server;
  private static Client root;

  @BeforeAll
  static void startEtcdWithAuthentication() {
    server = EtcdServer.start();
    try (Client admin = server.newClient()) {
      EtcdAuth.addReader(admin, "reader", "reader-password", LAYOUT);
      EtcdAuth.enable(admin, "root-password");
    }
    root = EtcdClients.builder(server.endpoint()).credentials("root", "root-password").build();
  }

  @AfterAll
  static void stopEtcd() {
    if (root != null) {
      root.close();
    }
    if (server != null) {
      server.close();
    }
  }

  @Test
  void anInformerWithAReadersCredentialsSyncsAndWatches() throws InterruptedException {
    EtcdWriter writer = new EtcdWriter(root, LAYOUT);
    writer.putAll(EtcdInformerTest.widgets("ns", "w", 20));
    try (Client reader = EtcdClients.builder(server.endpoint()).credentials("reader", "reader-password").build();
         InformerRuntime runtime = InformerRuntime.create("etcd-auth")) {
      SharedIndexInformer<EtcdObject<Widget>> informer = SharedIndexInformer.builder(
          EtcdListerWatcher.builder(reader, LAYOUT, Widget.CODEC, Widget.ADAPTER).build(), Widget.ADAPTER)
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
  void wrongOrMissingCredentialsAreUnauthorizedAndAnotherPrefixIsForbidden() {
    try (Client wrong = EtcdClients.builder(server.endpoint()).credentials("reader", "not-the-password").build();
         Client anonymous = EtcdClients.connect(server.endpoint());
         Client reader = EtcdClients.builder(server.endpoint()).credentials("reader", "reader-password").build()) {
      assertThatThrownBy(() -> listOne(wrong, LAYOUT)).isInstanceOfSatisfying(SourceException.class,
          e -> assertThat(e.statusCode()).as(e.getMessage()).isEqualTo(401));
      assertThatThrownBy(() -> listOne(anonymous, LAYOUT)).isInstanceOfSatisfying(SourceException.class,
          e -> assertThat(e.statusCode()).as(e.getMessage()).isEqualTo(401));
      assertThatThrownBy(() -> listOne(reader, KeyLayout.namespaced("/informer4j-test/elsewhere")))
          .isInstanceOf(ForbiddenException.class);
    }
  }

  @Test
  void credentialsForAServerThatIsNotThereAreARefusedConnectionNotARejection() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    try (Client nowhere = EtcdClients.builder("http://127.0.0.1:" + port).credentials("reader", "reader-password").build()) {
      assertThatThrownBy(() -> listOne(nowhere, LAYOUT)).isInstanceOfSatisfying(TransientSourceException.class,
          e -> assertThat(e.reason()).isEqualTo(TransientSourceException.Reason.CONNECTION_REFUSED));
    }
  }

  private static void listOne(Client client, KeyLayout layout) {
    EtcdListerWatcher.builder(client, layout, Widget.CODEC, Widget.ADAPTER).requestTimeout(Duration.ofSeconds(10)).build()
        .list(ListRequest.of(Selection.all(), "").withLimit(1), item -> { });
  }
}

package io.informer4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.STRING;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.informer4j.etcd.KeyLayout;
import io.informer4j.etcd.testing.EtcdAuth;
import io.informer4j.etcd.testing.EtcdServer;
import io.informer4j.etcd.testing.TestCertificates;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code informer4j watch --etcd} against an etcd that serves TLS only, requires client
 * certificates and has authentication enabled, as a separate process.
 */
class WatchEtcdSecurityProcessTest {

  private static final String PREFIX = "/informer4j-test/secured";

  @TempDir
  static Path certificates;
  private static TestCertificates tls;
  private static EtcdServer server;

  @BeforeAll
  static void startSecuredEtcd() throws Exception {
    tls = TestCertificates.create(certificates);
    server = EtcdServer.startTls(tls);
    try (Client admin = server.newClient()) {
      for (int i = 0; i < 10; i++) {
        admin.getKVClient().put(ByteSequence.from(PREFIX + "/shop/widget-" + i, StandardCharsets.UTF_8),
            ByteSequence.from("{\"size\":" + i + "}", StandardCharsets.UTF_8)).get(10, TimeUnit.SECONDS);
      }
      EtcdAuth.addReader(admin, "reader", "reader-s3cret", KeyLayout.namespaced(PREFIX));
      EtcdAuth.enable(admin, "root-s3cret");
    }
  }

  @AfterAll
  static void stopEtcd() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void watchWithTheCaAClientCertificateAndAUserWhosePasswordIsInTheEnvironmentSyncs() throws Exception {
    try (CliProcess watch = CliProcess.startWithEnvironment(Map.of("INFORMER4J_ETCD_PASSWORD", "reader-s3cret"),
        args("--etcd-user", "reader", "--duration", "4s"))) {
      int exit = watch.waitFor(60);

      assertThat(exit).as(watch.output()).isZero();
      assertThat(watch.out()).as(watch.output()).anyMatch(line -> line.contains(" state=WATCHING synced=true cache=10 "));
      assertThat(watch.output()).doesNotContain("reader-s3cret");
    }
  }

  @Test
  void aWrongPasswordIsUnauthorizedAndNeverShown() throws Exception {
    try (CliProcess watch = CliProcess.start(args("--etcd-user", "reader:wrong-s3cret"))) {
      int exit = watch.waitFor(60);

      assertThat(exit).as(watch.output()).isEqualTo(1);
      assertThat(watch.err()).as(watch.output()).singleElement(STRING)
          .startsWith("informer4j: unauthorized (401): etcd at " + server.endpoint() + " rejected the credentials");
      assertThat(watch.output()).doesNotContain("wrong-s3cret");
    }
  }

  private static String[] args(String... more) {
    List<String> args = new ArrayList<>(List.of("watch", "--etcd", server.endpoint(), "--prefix", PREFIX,
        "--etcd-cacert", tls.ca().toString(), "--etcd-cert", tls.clientCert().toString(),
        "--etcd-key", tls.clientKey().toString(), "--no-dashboard"));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }
}

package io.informer4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.STRING;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the user sees when the environment is wrong: one clear line on stderr and a non-zero exit. */
class ErrorPathProcessTest {

  @TempDir
  Path dir;

  @Test
  void anUnreachableKubernetesServerEndsWithOneClearLine() throws Exception {
    String url = "http://127.0.0.1:" + closedPort() + "/";
    Path kubeconfig = Kubeconfigs.forServer(dir, url);
    try (CliProcess watch = CliProcess.start("watch", "--kubeconfig", kubeconfig.toString(), "--resource", "configmaps",
        "--no-dashboard")) {
      int exit = watch.waitFor(60);

      assertThat(exit).as(watch.output()).isEqualTo(1);
      assertThat(watch.err()).as(watch.output()).singleElement(STRING)
          .isEqualTo("informer4j: cannot reach the Kubernetes API server at " + url + " (connection refused)");
    }
  }

  @Test
  void anUnreachableEtcdGivenWithoutSchemeIsTakenAsHttpAndSaidToRefuseTheConnection() throws Exception {
    String address = "127.0.0.1:" + closedPort();
    try (CliProcess watch = CliProcess.start("watch", "--etcd", address, "--prefix", "/x/", "--no-dashboard")) {
      int exit = watch.waitFor(60);

      assertThat(exit).as(watch.output()).isEqualTo(1);
      assertThat(watch.err()).as(watch.output()).singleElement(STRING)
          .isEqualTo("informer4j: cannot reach etcd at http://" + address + " (connection refused)");
    }
  }

  @Test
  void anEmptyKubeconfigEndsWithOneClearLine() throws Exception {
    Path empty = Files.writeString(dir.resolve("empty-kubeconfig"), "");
    try (CliProcess watch = CliProcess.start("watch", "--kubeconfig", empty.toString(), "--resource", "configmaps",
        "--no-dashboard")) {
      int exit = watch.waitFor(60);

      assertThat(exit).as(watch.output()).isEqualTo(1);
      assertThat(watch.err()).as(watch.output()).singleElement(STRING)
          .isEqualTo("informer4j: the kubeconfig " + empty + " is empty");
    }
  }

  @Test
  void withoutKubeconfigTheFallBackToTheInClusterConfigurationIsSaid() throws Exception {
    Assumptions.assumeTrue(System.getenv("KUBERNETES_SERVICE_HOST") == null, "runs outside a cluster only");
    Path missing = dir.resolve("no-such-kubeconfig");
    try (CliProcess watch = CliProcess.startWithEnvironment(Map.of("KUBECONFIG", missing.toString()),
        "watch", "--resource", "configmaps", "--no-dashboard")) {
      int exit = watch.waitFor(60);

      assertThat(exit).as(watch.output()).isEqualTo(1);
      assertThat(watch.err()).as(watch.output()).singleElement(STRING)
          .startsWith("informer4j: cannot reach the in-cluster Kubernetes API server at https://kubernetes.default.svc/ (")
          .endsWith("; no kubeconfig found at " + missing + ", so the in-cluster configuration was used:"
              + " outside a cluster, give --kubeconfig <file> or set $KUBECONFIG");
    }
  }

  @Test
  void aPasswordInTheKubernetesServerUrlNeverShows() throws Exception {
    int port = closedPort();
    Path kubeconfig = Kubeconfigs.forServer(dir, "http://alice:s3cret@127.0.0.1:" + port + "/");
    try (CliProcess watch = CliProcess.start("watch", "--kubeconfig", kubeconfig.toString(), "--resource", "configmaps",
        "--no-dashboard")) {
      int exit = watch.waitFor(60);

      assertThat(exit).as(watch.output()).isEqualTo(1);
      assertThat(watch.err()).as(watch.output()).singleElement(STRING)
          .startsWith("informer4j: cannot reach the Kubernetes API server at http://alice:***@127.0.0.1:" + port + "/");
      assertThat(watch.output()).doesNotContain("s3cret");
    }
  }

  @Test
  void aPasswordInTheEtcdEndpointOrTheEnvironmentNeverShows() throws Exception {
    int port = closedPort();
    try (CliProcess inUrl = CliProcess.start("watch", "--etcd", "http://alice:s3cret@127.0.0.1:" + port, "--prefix", "/x/",
        "--no-dashboard");
         CliProcess inEnvironment = CliProcess.startWithEnvironment(Map.of("INFORMER4J_ETCD_PASSWORD", "env-s3cret"),
             "watch", "--etcd", "http://127.0.0.1:" + port, "--etcd-user", "alice", "--prefix", "/x/", "--no-dashboard")) {
      assertThat(inUrl.waitFor(60)).as(inUrl.output()).isEqualTo(1);
      assertThat(inUrl.err()).as(inUrl.output()).singleElement(STRING)
          .startsWith("informer4j: cannot reach etcd at http://alice:***@127.0.0.1:" + port + " (");
      assertThat(inUrl.output()).doesNotContain("s3cret");

      assertThat(inEnvironment.waitFor(60)).as(inEnvironment.output()).isEqualTo(1);
      assertThat(inEnvironment.err()).as(inEnvironment.output()).singleElement(STRING)
          .startsWith("informer4j: cannot reach etcd at http://127.0.0.1:" + port + " (");
      assertThat(inEnvironment.output()).doesNotContain("env-s3cret");
    }
  }

  @Test
  void aBrokenKubeconfigNeverEchoesItsToken() throws Exception {
    Path kubeconfig = Files.writeString(dir.resolve("broken-kubeconfig"), """
        apiVersion: v1
        kind: Config
        users:
        - name: test
          user:
            token: eyJhbGciOiJSUzI1NiIsImtpZCI6IiJ9.SECRETPAYLOADSECRETPAYLOAD: x
        """);
    try (CliProcess watch = CliProcess.start("watch", "--kubeconfig", kubeconfig.toString(), "--resource", "configmaps",
        "--no-dashboard")) {
      int exit = watch.waitFor(60);

      assertThat(exit).as(watch.output()).isEqualTo(1);
      assertThat(watch.err()).as(watch.output()).singleElement(STRING)
          .startsWith("informer4j: cannot load the Kubernetes configuration from " + kubeconfig)
          .contains("line 6, column");
      assertThat(watch.output()).doesNotContain("SECRETPAYLOAD");
    }
  }

  @Test
  void aHealthPortInUseEndsWithOneClearLine() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
         CliProcess demo = CliProcess.start("demo", "--port", Integer.toString(taken.getLocalPort()), "--objects", "10",
             "--duration", "30s", "--no-dashboard")) {
      int exit = demo.waitFor(60);

      assertThat(exit).as(demo.output()).isEqualTo(1);
      assertThat(demo.err()).as(demo.output()).last(STRING)
          .startsWith("informer4j: the health server cannot listen on 127.0.0.1:" + taken.getLocalPort())
          .endsWith("(choose another --port, or --port 0 for a free one)");
      assertThat(demo.err()).filteredOn(line -> line.startsWith("informer4j:")).hasSize(1);
    }
  }

  @Test
  void aBadDurationIsAUsageError() throws Exception {
    try (CliProcess demo = CliProcess.start("demo", "--duration", "soon")) {
      int exit = demo.waitFor(60);

      assertThat(exit).as(demo.output()).isEqualTo(2);
      assertThat(String.join("\n", demo.err())).contains("'soon' is not a duration");
    }
  }

  private static int closedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}

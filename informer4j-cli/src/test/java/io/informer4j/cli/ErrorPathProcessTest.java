package io.informer4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.STRING;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
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
          .startsWith("informer4j: cannot reach the Kubernetes API server at " + url);
    }
  }

  @Test
  void anUnreachableEtcdEndsWithOneClearLine() throws Exception {
    String endpoint = "http://127.0.0.1:" + closedPort();
    try (CliProcess watch = CliProcess.start("watch", "--etcd", endpoint, "--prefix", "/x/", "--no-dashboard")) {
      int exit = watch.waitFor(60);

      assertThat(exit).as(watch.output()).isEqualTo(1);
      assertThat(watch.err()).as(watch.output()).singleElement(STRING)
          .startsWith("informer4j: cannot reach etcd at " + endpoint);
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

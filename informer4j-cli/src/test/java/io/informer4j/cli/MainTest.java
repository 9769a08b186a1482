package io.informer4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The program's usage and its usage errors, in process (none of these reaches a server). */
class MainTest {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
        Map.of());
  }

  @Test
  void helpNamesBothCommands() {
    assertThat(run("--help")).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("demo", "watch");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "watch                                              | say what to watch",
      "watch --resource configmaps -n a --allowed b      | use either --namespace or --allowed/--restricted",
      "watch --etcd http://127.0.0.1:2379                 | --etcd needs --prefix",
      "watch --etcd http://127.0.0.1:2379 --prefix /x --resource pods | --etcd needs --prefix, and takes neither",
      "watch --resource a/b/c/d                           | --resource 'a/b/c/d' is not a resource",
      "watch --resource configmaps --allowed a*b*c          | invalid namespace rules",
      "demo --port 70000                                  | --port must be between 0 and 65535",
      "demo --rate -1                                     | --rate and --objects must not be negative",
      "watch --resource configmaps --etcd-user alice:pw    | --etcd-cacert, --etcd-cert, --etcd-key and --etcd-user need --etcd",
      "watch --etcd http://127.0.0.1:2379 --prefix /x --etcd-cert c.pem | --etcd-cert and --etcd-key go together",
      "watch --etcd http://127.0.0.1:2379 --prefix /x --etcd-user alice | the etcd user needs a name and a password",
      "watch --etcd https://127.0.0.1:2379 --prefix /x   | is https://, but no TLS settings were given"})
  void usageErrorsEndWithOneLineAndExitCode2(String args, String message) {
    int exit = run(args.trim().split("\\s+"));

    assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8).lines().toList()).singleElement()
        .satisfies(line -> assertThat(line).startsWith("informer4j: ").contains(message));
  }

  @Test
  void aPasswordInTheEtcdEndpointNeverShowsInAUsageError() {
    int exit = run("watch", "--etcd", "http://alice:s3cret@127.0.0.1:2379", "--prefix", "/x", "--etcd-cacert", "ca.pem");

    String errors = err.toString(StandardCharsets.UTF_8);
    assertThat(exit).as(errors).isEqualTo(2);
    assertThat(errors.lines().toList()).singleElement().asString()
        .startsWith("informer4j: invalid etcd settings (--etcd http://alice:***@127.0.0.1:2379): TLS settings were given");
    assertThat(errors + out.toString(StandardCharsets.UTF_8)).doesNotContain("s3cret");
  }
}

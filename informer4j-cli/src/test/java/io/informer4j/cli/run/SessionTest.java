package io.informer4j.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.cli.RunOptions;
import io.informer4j.controller.NamespaceFilter;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** A short run over a simulated API, in process: what its banner and summary say. */
class SessionTest {

  private static final TypeKey CONFIG_MAPS = TypeKey.of("", "v1", "ConfigMap");

  @Test
  void theBannerSaysResyncIsOffAndNamesTheLogFile() throws Exception {
    SimulatedApi api = SimulatedApi.builder().build();
    api.install(CONFIG_MAPS, Scope.NAMESPACED);
    api.create(CONFIG_MAPS, SimObject.of("shop", "settings"));
    RunOptions options = CommandLine.populateCommand(new RunOptions(), "--duration", "1s", "--no-dashboard");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    WatchedType watched = new WatchedType(api.type(CONFIG_MAPS), "ConfigMap", NamespaceFilter.restricting("kube-system"));

    SessionSummary summary = new Session("test", api, List.of(watched), options, out)
        .logFile(Path.of("/tmp/informer4j-test.log")).closeLast(api).run();

    List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
    assertThat(lines.get(0)).startsWith("informer4j test: 1 informer(s), resync off; health on http://127.0.0.1:");
    assertThat(lines).contains("  logs: /tmp/informer4j-test.log");
    assertThat(summary.stopped()).isTrue();
    assertThat(summary.errors()).isZero();
    assertThat(summary.types()).singleElement().satisfies(type -> assertThat(type.events()).isEqualTo(1));
  }
}

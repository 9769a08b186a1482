package io.informer4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code informer4j demo} run as a user runs it: a separate process for its whole duration. */
class DemoProcessTest {

  private static final Pattern READYZ = Pattern.compile("readyz: (http://127\\.0\\.0\\.1:\\d+/readyz)");
  private static final List<String> TYPES = List.of("ConfigMap", "Deployment", "Secret", "Pod", "Widget");
  /** A status line of the Widget type, whatever second of the run it is printed in. */
  private static final Pattern WIDGET_STATUS = Pattern.compile("^\\[\\d+s] Widget ");
  /** How long the demo may take to come up, and to stop: generous, for a busy machine. */
  private static final Duration STARTUP = Duration.ofSeconds(90);

  @Test
  void demoRunsItsDurationWithEveryTypeReconciledNoDisallowedItemAndReadyWhileRunning() throws Exception {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    try (CliProcess demo = CliProcess.start("demo", "--duration", "20s", "--no-dashboard", "--objects", "300",
        "--rate", "150", "--seed", "8")) {
      String readyz = await().atMost(STARTUP)
          .until(() -> demo.find(READYZ), found -> found.isPresent()).orElseThrow();
      await().atMost(STARTUP).pollInterval(Duration.ofMillis(200)).ignoreExceptions()
          .until(() -> get(http, readyz).statusCode() == 200);
      HttpResponse<String> metrics = get(http, readyz.replace("/readyz", "/metrics"));
      assertThat(metrics.statusCode()).isEqualTo(200);
      assertThat(metrics.body()).contains("workqueue_adds_total", "informer4j_");
      HttpResponse<String> katalog = get(http, readyz.replace("/readyz", "/katalog"));
      assertThat(katalog.statusCode()).isEqualTo(200);
      assertThat(katalog.body()).contains(TYPES);

      int exit = demo.waitFor(180);

      List<String> out = demo.out();
      assertThat(exit).as(demo.output()).isZero();
      for (String type : TYPES) {
        SummaryLine line = SummaryLine.of(out, type)
            .orElseThrow(() -> new AssertionError("no summary of " + type + "\n" + demo.output()));
        assertThat(line.events()).as(type + " events").isPositive();
        assertThat(line.reconciles()).as(type + " reconciles").isPositive();
        assertThat(line.disallowed()).as(type + " disallowed items").isZero();
        assertThat(line.maxQueueDepth()).as(type + ": the summary's deepest queue is the deepest QUEUE shown")
            .isEqualTo(deepestQueueShown(out, type));
        assertThat(line.errors()).as(type + ": planned faults are no errors").isZero();
      }
      assertThat(out).as("the planned faults are told apart").anyMatch(line -> line.startsWith("  planned faults: ")
          && line.endsWith(" list/watch failures were their effects, not errors"));
      assertThat(out).anyMatch(line -> line.startsWith("  totals: ") && line.endsWith(" errors=0"));
      assertThat(SummaryLine.of(out, "Widget").orElseThrow().rest()).contains("became active after");
      assertThat(out).contains("  events from disallowed namespaces that reached a queue: 0");
      assertThat(out).anyMatch(line -> line.contains("Widget: the type appeared; its informer is active"));
      assertThat(out).anyMatch(line -> line.startsWith("informer4j demo summary:") && line.contains("stopped cleanly"));
    }
  }

  @Test
  void aTerminationSignalStopsTheDemoCleanlyWithItsSummaryAndExitCode0() throws Exception {
    try (CliProcess demo = startAndWaitForTheFirstStatus()) {
      demo.terminate();
      int exit = demo.waitFor(60);

      assertStoppedCleanly(demo, exit);
    }
  }

  @Test
  void ctrlCStopsTheDemoCleanlyWithItsSummaryAndExitCode0() throws Exception {
    try (CliProcess demo = startAndWaitForTheFirstStatus()) {
      demo.interrupt();
      int exit = demo.waitFor(60);

      assertStoppedCleanly(demo, exit);
    }
  }

  /** Starts an endless demo and waits for its first Widget status line; stops it if that never comes. */
  private static CliProcess startAndWaitForTheFirstStatus() throws Exception {
    CliProcess demo = CliProcess.start("demo", "--objects", "50", "--rate", "50", "--no-dashboard");
    try {
      await().atMost(STARTUP).until(() -> demo.out().stream().anyMatch(line -> WIDGET_STATUS.matcher(line).find()));
      return demo;
    } catch (RuntimeException | Error e) {
      demo.close();
      throw e;
    }
  }

  private static void assertStoppedCleanly(CliProcess demo, int exit) {
    assertThat(exit).as(demo.output()).isZero();
    assertThat(demo.out()).as(demo.output()).contains("informer4j: stopping (interrupted)")
        .anyMatch(line -> line.startsWith("informer4j demo summary:") && line.endsWith("stopped cleanly"))
        .contains("  events from disallowed namespaces that reached a queue: 0");
  }

  /** Returns the largest {@code queue=} value of {@code type}'s status lines. */
  private static int deepestQueueShown(List<String> out, String type) {
    Pattern queue = Pattern.compile("^\\[\\d+s] " + type + " .* queue=(\\d+) ");
    return out.stream().map(queue::matcher).filter(Matcher::find).mapToInt(m -> Integer.parseInt(m.group(1)))
        .max().orElseThrow(() -> new AssertionError("no status line of " + type));
  }

  private static HttpResponse<String> get(HttpClient http, String url) throws Exception {
    return http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
  }
}

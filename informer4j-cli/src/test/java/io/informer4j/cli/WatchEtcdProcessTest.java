package io.informer4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.ByteSequence;
import io.informer4j.etcd.testing.EtcdServerExtension;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code informer4j watch --etcd} against a real etcd, as a separate process. */
class WatchEtcdProcessTest {

  @RegisterExtension
  static final EtcdServerExtension ETCD = new EtcdServerExtension();

  @Test
  void watchSyncsTheJsonValuesUnderAPrefixAndDropsRestrictedNamespaces() throws Exception {
    String prefix = ETCD.newPrefix("cli");
    for (int i = 0; i < 20; i++) {
      put(prefix + "/shop/widget-" + i, "{\"size\":" + i + "}");
      put(prefix + "/kube-system/widget-" + i, "{\"size\":" + i + "}");
    }
    try (CliProcess watch = CliProcess.start("watch", "--etcd", ETCD.server().endpoint(), "--prefix", prefix,
        "--restricted", "kube-*", "--duration", "5s", "--no-dashboard")) {
      int exit = watch.waitFor(60);

      assertThat(exit).as(watch.output()).isZero();
      List<String> out = watch.out();
      assertThat(out).as(watch.output()).anyMatch(line -> line.contains(" state=WATCHING synced=true cache=40 "));
      SummaryLine summary = SummaryLine.of(out, prefix + "/").orElseThrow(() -> new AssertionError(watch.output()));
      assertThat(summary.events()).isEqualTo(40);
      assertThat(summary.reconciles()).isEqualTo(20);
      assertThat(summary.disallowed()).isZero();
    }
  }

  @Test
  void aMalformedValueCountsAsAnErrorAndIsLogged() throws Exception {
    String prefix = ETCD.newPrefix("cli-malformed");
    put(prefix + "/shop/good", "{\"size\":1}");
    put(prefix + "/shop/broken", "{not json");
    try (CliProcess watch = CliProcess.start("watch", "--etcd", ETCD.server().endpoint(), "--prefix", prefix,
        "--duration", "4s", "--no-dashboard")) {
      int exit = watch.waitFor(60);

      assertThat(exit).as(watch.output()).isZero();
      SummaryLine summary = SummaryLine.of(watch.out(), prefix + "/").orElseThrow(() -> new AssertionError(watch.output()));
      assertThat(summary.errors()).as(watch.output()).isEqualTo(1);
      assertThat(summary.rest()).contains(" malformed=1");
      assertThat(watch.out()).anyMatch(line -> line.contains(" errors=1 (1 unreadable object(s) skipped, see the log)"));
      assertThat(watch.err()).as("the log, on stderr without the dashboard, names the key")
          .anyMatch(line -> line.contains("WARN") && line.contains("broken"));
    }
  }

  private static void put(String key, String json) throws Exception {
    ETCD.client().getKVClient().put(ByteSequence.from(key, StandardCharsets.UTF_8),
        ByteSequence.from(json, StandardCharsets.UTF_8)).get(10, TimeUnit.SECONDS);
  }
}

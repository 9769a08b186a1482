package io.informer4j.etcd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.etcd.jetcd.Client;
import io.informer4j.etcd.testing.EtcdServer;
import io.informer4j.etcd.testing.EtcdWriter;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.InformerState;
import io.informer4j.informer.SharedIndexInformer;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A black-holed etcd: the process frozen (SIGSTOP), its connections open and nothing answering. A
 * watch then delivers nothing and no error; only the informer's idle timeout notices, closes it, and
 * the re-opened watch times out, so the informer shows that it is failing. Once etcd runs again
 * (SIGCONT), the informer catches up.
 */
class EtcdBlackHoleTest {

  private static final Duration IDLE = Duration.ofSeconds(2);

  @Test
  void aFrozenEtcdIsDetectedByTheWatchIdleTimeoutAndTheInformerRecoversWhenItThaws() throws InterruptedException {
    try (EtcdServer server = EtcdServer.start(); Client client = server.newClient();
         InformerRuntime runtime = InformerRuntime.create("etcd-black-hole")) {
      KeyLayout layout = KeyLayout.namespaced("/informer4j-test/black-hole");
      EtcdWriter writer = new EtcdWriter(client, layout);
      writer.putAll(EtcdInformerTest.widgets("ns", "w", 10));
      EtcdListerWatcher<EtcdObject<Widget>> source = EtcdListerWatcher.builder(client, layout, Widget.CODEC, Widget.ADAPTER)
          .requestTimeout(Duration.ofSeconds(2)).build();
      SharedIndexInformer<EtcdObject<Widget>> informer = SharedIndexInformer.builder(source, Widget.ADAPTER)
          .runtime(runtime).watchIdleTimeout(IDLE).build();
      informer.start();
      assertThat(informer.waitForCacheSync(Duration.ofSeconds(30))).isTrue();
      await().atMost(Duration.ofSeconds(60)).until(() -> informer.state() == InformerState.WATCHING);

      server.pause();
      try {
        await().atMost(Duration.ofSeconds(15)).untilAsserted(() ->
            assertThat(informer.status().consecutiveFailures()).as("status %s", informer.status()).isPositive());
      } finally {
        server.resume();
      }

      writer.put("ns", "after-thaw", Widget.labelled(Map.of()));
      await().atMost(Duration.ofSeconds(60)).until(() -> informer.indexer().get("ns/after-thaw") != null);
      await().atMost(Duration.ofSeconds(60)).until(() -> EtcdInformerTest.cache(informer).equals(writer.truth()));
      informer.stop();
    }
  }
}

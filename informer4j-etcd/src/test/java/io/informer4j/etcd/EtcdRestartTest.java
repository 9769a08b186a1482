package io.informer4j.etcd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.etcd.jetcd.Client;
import io.informer4j.etcd.testing.EtcdServer;
import io.informer4j.etcd.testing.EtcdWriter;
import io.informer4j.etcd.testing.RecordingHandler;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.informer.BackoffPolicy;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.InformerState;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.source.SourceException;
import io.informer4j.source.TransientSourceException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** etcd killed and restarted on the same data directory while an informer watches it. */
class EtcdRestartTest {

  private static final Duration WAIT = Duration.ofSeconds(60);

  @Test
  void theInformerBacksOffWhileEtcdIsDownThenRecoversAndConverges() throws InterruptedException {
    try (EtcdServer server = EtcdServer.start(); Client client = server.newClient();
         InformerRuntime runtime = InformerRuntime.create("etcd-restart")) {
      KeyLayout layout = KeyLayout.namespaced("/informer4j-test/restart");
      EtcdWriter writer = new EtcdWriter(client, layout);
      writer.putAll(EtcdInformerTest.widgets("ns", "w", 100));
      EtcdListerWatcher<EtcdObject<Widget>> source = EtcdListerWatcher.builder(client, layout, Widget.CODEC, Widget.ADAPTER)
          .requestTimeout(Duration.ofSeconds(5)).build();
      List<Throwable> failures = new CopyOnWriteArrayList<>();
      SharedIndexInformer<EtcdObject<Widget>> informer = SharedIndexInformer.builder(source, Widget.ADAPTER)
          .runtime(runtime)
          .backoff(new BackoffPolicy(Duration.ofMillis(200), Duration.ofSeconds(1), 2.0, 0.0, Duration.ofMinutes(2)))
          .watchErrorHandler(failures::add)
          .build();
      RecordingHandler handler = new RecordingHandler();
      informer.addEventHandler(handler);
      informer.start();
      assertThat(informer.waitForCacheSync(WAIT)).isTrue();
      writer.put("ns", "w-00001", new Widget(Map.of(), "before-kill"));
      await().atMost(WAIT).until(() -> handler.events().contains("update ns/w-00001"));

      server.kill();
      await().atMost(WAIT).pollInterval(Duration.ofMillis(10)).until(() -> informer.state() == InformerState.BACKOFF);
      await().atMost(WAIT).untilAsserted(() ->
          assertThat(failures).anySatisfy(e -> assertThat(e).isInstanceOf(TransientSourceException.class)));
      assertThat(failures).allSatisfy(e -> assertThat(e).isInstanceOf(SourceException.class));
      assertThat(informer.status().errors()).isGreaterThanOrEqualTo(1);

      server.restart();
      // The test's own client may still be in gRPC's reconnect back-off from the kill, and fails fast
      // (UNAVAILABLE) until it reconnects; the writes below must not race that.
      await().atMost(WAIT).ignoreExceptions().until(() -> writer.currentRevision() > 0);
      writer.put("ns", "w-00002", new Widget(Map.of(), "after-restart"));
      writer.delete("ns", "w-00003");
      writer.put("ns", "born-after-restart", Widget.labelled(Map.of()));

      await().atMost(WAIT).until(() -> EtcdInformerTest.cache(informer).equals(writer.truth()));
      await().atMost(WAIT).until(() -> informer.state() == InformerState.WATCHING);
      assertThat(handler.events()).contains("update ns/w-00002", "add ns/born-after-restart");
      assertThat(handler.events()).anyMatch(event -> event.startsWith("delete ns/w-00003"));
      informer.stop();
    }
  }
}

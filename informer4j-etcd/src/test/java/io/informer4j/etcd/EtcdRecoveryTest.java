package io.informer4j.etcd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.etcd.jetcd.Client;
import io.informer4j.etcd.testing.EtcdServer;
import io.informer4j.etcd.testing.EtcdWriter;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.informer.EventHandler;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.source.SourceException;
import io.informer4j.source.TransientSourceException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Repeated outages: etcd killed (SIGKILL) and restarted three times, a second up and four down,
 * under an informer with the default backoff. After each restart a writer puts a marker; the time
 * from the restart to the marker reaching the informer's handler is printed, and must stay within a
 * generous bound. While etcd is down or coming back, the source's failures are refused or lost
 * connections, which informers retry within a second; most of what remains is gRPC's reconnect
 * backoff in jetcd's channel (see {@link EtcdClients}).
 */
class EtcdRecoveryTest {

  private static final int OUTAGES = 3;
  private static final Duration DOWN = Duration.ofSeconds(4);
  private static final Duration UP = Duration.ofSeconds(1);
  private static final Duration CATCH_UP = Duration.ofSeconds(10);

  @Test
  void afterEachOutageTheInformerCatchesUpSoonAfterEtcdIsBack() throws InterruptedException {
    try (EtcdServer server = EtcdServer.start(); Client client = server.newClient();
         InformerRuntime runtime = InformerRuntime.create("etcd-recovery")) {
      KeyLayout layout = KeyLayout.namespaced("/informer4j-test/recovery");
      new EtcdWriter(client, layout).putAll(EtcdInformerTest.widgets("ns", "w", 100));
      EtcdListerWatcher<EtcdObject<Widget>> source = EtcdListerWatcher.builder(client, layout, Widget.CODEC, Widget.ADAPTER)
          .requestTimeout(Duration.ofSeconds(5)).build();
      List<SourceException> failures = new CopyOnWriteArrayList<>();
      List<String> described = new CopyOnWriteArrayList<>();
      long[] killedAt = new long[1];
      SharedIndexInformer<EtcdObject<Widget>> informer = SharedIndexInformer.builder(source, Widget.ADAPTER)
          .runtime(runtime)
          .watchErrorHandler(error -> {
            failures.add(error);
            described.add(describe(error, killedAt[0]));
          })
          .build();
      Map<String, Long> addedAt = new ConcurrentHashMap<>();
      informer.addEventHandler(new EventHandler<>() {
        @Override
        public void onAdd(EtcdObject<Widget> object, boolean inInitialList) {
          addedAt.putIfAbsent(object.key(), System.nanoTime());
        }
      });
      informer.start();
      assertThat(informer.waitForCacheSync(Duration.ofSeconds(30))).isTrue();

      List<Duration> catchUps = new ArrayList<>();
      for (int outage = 0; outage < OUTAGES; outage++) {
        Thread.sleep(UP.toMillis()); // etcd runs a little between outages
        killedAt[0] = System.nanoTime();
        server.kill();
        Thread.sleep(DOWN.toMillis()); // the outage itself, not a wait for a condition
        server.restart();
        long restarted = System.nanoTime();
        String marker = "marker-" + outage;
        try (Client fresh = server.newClient()) {
          new EtcdWriter(fresh, layout).put("ns", marker, Widget.labelled(Map.of()));
        }
        await().atMost(CATCH_UP).until(() -> addedAt.containsKey("ns/" + marker));
        catchUps.add(Duration.ofNanos(addedAt.get("ns/" + marker) - restarted));
      }

      List<Long> millis = catchUps.stream().map(Duration::toMillis).toList();
      List<Long> sorted = millis.stream().sorted().toList();
      System.out.println("etcd recovery: catch-up after each restart (ms): " + millis + ", median " + sorted.get(OUTAGES / 2)
          + ", max " + sorted.get(OUTAGES - 1) + "; failures seen (seconds after the last kill):\n  "
          + String.join("\n  ", described));
      List<TransientSourceException.Reason> reasons = failures.stream()
          .filter(TransientSourceException.class::isInstance)
          .map(error -> ((TransientSourceException) error).reason()).toList();
      assertThat(reasons).contains(TransientSourceException.Reason.CONNECTION_REFUSED)
          .allMatch(reason -> reason == TransientSourceException.Reason.CONNECTION_REFUSED
              || reason == TransientSourceException.Reason.CONNECTION_LOST);
      informer.stop();
    }
  }

  private static String describe(SourceException error, long killedAt) {
    String kind = error instanceof TransientSourceException t ? t.reason().name() : error.getClass().getSimpleName();
    return String.format(Locale.ROOT, "+%.1fs %s %s", (System.nanoTime() - killedAt) / 1e9, kind, error.getMessage());
  }
}

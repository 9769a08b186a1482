package io.informer4j.kubernetes;

import static io.informer4j.kubernetes.TestServerFixture.CONFIG_MAPS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.kubernetes.internal.LeanVertx;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.source.Selection;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A backend that {@link KubernetesBackend#connect} made: its client serves several informers on
 * the few event loops it was given, and closing the backend ends the threads of its Vert.x.
 */
class ConnectedBackendTest {

  private static final Duration WAIT = Duration.ofSeconds(30);

  @Test
  void severalInformersShareTheClientsEventLoopsAndClosingEndsItsThreads() throws InterruptedException {
    List<Thread> vertxThreads;
    try (SimulatedApi api = SimulatedApi.builder().build();
         KubernetesTestServer server = KubernetesTestServer.start(api).serve(ConfigMap.class);
         InformerRuntime runtime = InformerRuntime.create("connected")) {
      Set<Thread> before = Thread.getAllStackTraces().keySet(); // the server's own Vert.x threads run already
      KubernetesBackend backend = KubernetesBackend.connect(server.clientConfig());
      List<SharedIndexInformer<ConfigMap>> informers = new ArrayList<>();
      for (String namespace : List.of("a", "b", "c")) {
        api.create(CONFIG_MAPS.type(), SimObject.of(namespace, "first"));
        SharedIndexInformer<ConfigMap> informer = Informers.configMaps(backend)
            .selection(Selection.inNamespace(namespace)).runtime(runtime).build();
        informer.start();
        informers.add(informer);
      }
      for (SharedIndexInformer<ConfigMap> informer : informers) {
        assertThat(informer.waitForCacheSync(WAIT)).isTrue();
      }
      api.create(CONFIG_MAPS.type(), SimObject.of("b", "second"));
      await().atMost(WAIT).until(() -> informers.get(1).indexer().list().size() == 2);

      vertxThreads = newThreads(before, "vert");
      assertThat(newThreads(before, "vert.x-eventloop"))
          .hasSizeLessThanOrEqualTo(LeanVertx.eventLoops(Runtime.getRuntime().availableProcessors()));

      informers.forEach(SharedIndexInformer::stop);
      server.close();
      backend.close();
    }

    assertThat(vertxThreads).isNotEmpty();
    await().atMost(WAIT).until(() -> vertxThreads.stream().noneMatch(Thread::isAlive));
  }

  @Test
  void eventLoopsAreOnePerFourCoresAndAtLeastOne() {
    assertThat(LeanVertx.eventLoops(1)).isEqualTo(1);
    assertThat(LeanVertx.eventLoops(2)).isEqualTo(1);
    assertThat(LeanVertx.eventLoops(8)).isEqualTo(2);
    assertThat(LeanVertx.eventLoops(64)).isEqualTo(16);
  }

  private static List<Thread> newThreads(Set<Thread> before, String namePrefix) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(thread -> !before.contains(thread) && thread.getName().startsWith(namePrefix))
        .toList();
  }
}

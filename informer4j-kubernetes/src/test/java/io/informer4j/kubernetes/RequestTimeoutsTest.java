package io.informer4j.kubernetes;

import static io.informer4j.kubernetes.TestServerFixture.CONFIG_MAPS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.kubernetes.testserver.SilentServer;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.ListRequest;
import io.informer4j.source.Selection;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchRequest;
import io.informer4j.testkit.RecordingWatchListener;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/**
 * Timeouts of the backend's requests: {@code connect} gives a configuration without connection or
 * request timeout fabric8's defaults; the request timeout bounds a single request to a server that
 * never answers, and cuts neither a long watch nor a list.
 */
class RequestTimeoutsTest {

  private static final int SHORT_MILLIS = 300;

  @Test
  void connectGivesAConfigurationWithoutTimeoutsFabric8sDefaultsAndKeepsGivenOnes() {
    try (SimulatedApi api = SimulatedApi.builder().build(); KubernetesTestServer server = KubernetesTestServer.start(api)) {
      Config none = new ConfigBuilder(server.clientConfig()).withConnectionTimeout(0).withRequestTimeout(0).build();
      try (KubernetesBackend backend = KubernetesBackend.connect(none)) {
        assertThat(backend.client().getConfiguration().getConnectionTimeout()).isEqualTo(Config.DEFAULT_REQUEST_TIMEOUT);
        assertThat(backend.client().getConfiguration().getRequestTimeout()).isEqualTo(Config.DEFAULT_REQUEST_TIMEOUT);
      }
      Config given = new ConfigBuilder(server.clientConfig()).withConnectionTimeout(2_500).withRequestTimeout(4_000).build();
      try (KubernetesBackend backend = KubernetesBackend.connect(given)) {
        assertThat(backend.client().getConfiguration().getConnectionTimeout()).isEqualTo(2_500);
        assertThat(backend.client().getConfiguration().getRequestTimeout()).isEqualTo(4_000);
      }
    }
  }

  @Test
  void aSingleRequestToAServerThatNeverAnswersFailsAfterTheRequestTimeout() throws Exception {
    try (SilentServer server = SilentServer.neverAnswering();
         KubernetesClient client = new KubernetesClientBuilder().withConfig(new ConfigBuilder(Config.empty())
             .withMasterUrl(server.url()).withRequestTimeout(SHORT_MILLIS).withRequestRetryBackoffLimit(0).build()).build()) {
      KubernetesBackend backend = KubernetesBackend.using(client);

      CompletableFuture<ResourceDescriptor> discovery =
          CompletableFuture.supplyAsync(() -> backend.discovery().resolve(TypeKey.of("example.com", "v1", "Widget")));

      assertThat(discovery).failsWithin(Duration.ofSeconds(10)).withThrowableOfType(ExecutionException.class)
          .havingCause().withMessageContaining("discovery").isInstanceOfSatisfying(TransientSourceException.class,
              timeout -> assertThat(timeout.reason()).isEqualTo(TransientSourceException.Reason.TIMEOUT));
      assertThat(server.firstRequest()).isDone();
    }
  }

  @Test
  void theRequestTimeoutCutsNeitherALongWatchNorAList() throws InterruptedException {
    try (SimulatedApi api = SimulatedApi.builder().build();
         KubernetesTestServer server = KubernetesTestServer.start(api).serve(ConfigMap.class);
         KubernetesBackend backend = KubernetesBackend.connect(new ConfigBuilder(server.clientConfig())
             .withRequestTimeout(SHORT_MILLIS).build())) {
      String from = api.upsert(CONFIG_MAPS.type(), SimObject.of("ns", "first")).resourceVersion();
      RecordingWatchListener<ConfigMap> listener = new RecordingWatchListener<>();
      WatchHandle watch = Informers.configMapSource(backend).watch(WatchRequest.from(Selection.all(), from), listener);

      Thread.sleep(5L * SHORT_MILLIS);
      api.upsert(CONFIG_MAPS.type(), SimObject.of("ns", "later"));

      await().atMost(Duration.ofSeconds(60)).until(() -> listener.objectEvents().size() == 1);
      assertThat(listener.isClosed()).isFalse();
      assertThat(Informers.configMapSource(backend).list(ListRequest.of(Selection.all(), ""), item -> { }).resourceVersion())
          .isNotEmpty();
      watch.close();
    }
  }
}

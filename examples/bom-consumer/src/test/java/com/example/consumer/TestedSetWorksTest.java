package com.example.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.client.ConfigBuilder;
import io.informer4j.etcd.EtcdClients;
import io.informer4j.factory.InformerOptions;
import io.informer4j.factory.SharedInformerFactory;
import io.informer4j.health.HealthServer;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.meta.Scope;
import io.informer4j.meta.SimpleTypeRegistry;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.QueueRegistry;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The libraries the BOM resolves work together: an informer syncs, is served, and both backends start. */
class TestedSetWorksTest {

  private static final TypeKey PODS = TypeKey.of("", "v1", "Pod");

  @Test
  void anInformerSyncsAndItsStatusAndMetricsAreServed() throws Exception {
    PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    try (SimulatedApi api = SimulatedApi.builder().type(PODS, Scope.NAMESPACED).build();
         QueueRegistry queues = QueueRegistry.builder().meterRegistry(prometheus).build();
         SharedInformerFactory factory = SharedInformerFactory.builder(api.clientProvider(),
             new SimpleTypeRegistry().register(PODS, Scope.NAMESPACED), queues).meterRegistry(prometheus).build()) {
      queues.register(PODS, 0);
      api.create(PODS, SimObject.of("shop", "web-1"));
      SharedIndexInformer<SimObject> informer = factory.informerFor(PODS, SimObject.class,
          InformerOptions.builder().build());
      factory.start();
      await().atMost(Duration.ofSeconds(30)).until(() -> informer.indexer().get("shop/web-1") != null);
      try (HealthServer server = HealthServer.builder(factory).prometheus(prometheus).start()) {
        HttpClient http = HttpClient.newHttpClient();
        String katalog = http.send(HttpRequest.newBuilder(URI.create(server.url() + "/katalog")).build(),
            HttpResponse.BodyHandlers.ofString()).body();
        String metrics = http.send(HttpRequest.newBuilder(URI.create(server.url() + "/metrics")).build(),
            HttpResponse.BodyHandlers.ofString()).body();
        assertThat(katalog).contains("\"cacheSize\":1");
        assertThat(metrics).contains("informer4j_informer_cache_size");
      }
    }
  }

  @Test
  void theKubernetesBackendStartsItsClientOnVertxAndNetty() {
    try (KubernetesBackend backend = KubernetesBackend.connect(new ConfigBuilder().withMasterUrl("https://127.0.0.1:1")
        .build())) {
      assertThat(backend.client().getMasterUrl().getPort()).isEqualTo(1);
    }
  }

  @Test
  void theEtcdBackendStartsItsClientOnGrpc() {
    try (var client = EtcdClients.connect("http://127.0.0.1:1")) {
      assertThat(client.getKVClient()).isNotNull();
    }
  }
}

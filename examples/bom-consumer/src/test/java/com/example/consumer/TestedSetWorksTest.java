package com.example.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.client.ConfigBuilder;
import io.informer4j.controller.Result;
import io.informer4j.etcd.EtcdClients;
import io.informer4j.health.HealthServer;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.reader.CacheReader;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The libraries the BOM resolves work together: a managed controller syncs, is served, and both backends start. */
class TestedSetWorksTest {

  private static final TypeKey PODS = TypeKey.of("", "v1", "Pod");

  @Test
  void aManagedControllerReconcilesFromTheCacheAndItsStatusAndMetricsAreServed() throws Exception {
    try (SimulatedApi api = SimulatedApi.builder().type(PODS, Scope.NAMESPACED).build();
         Manager manager = Manager.builder(api).build()) {
      api.create(PODS, SimObject.of("shop", "web-1"));
      ObjectType<SimObject> pods = api.type(PODS);
      CacheReader<SimObject> cache = manager.cache().reader(pods);
      List<String> reconciled = new CopyOnWriteArrayList<>();
      manager.controller("pods", pods).reconcile(key -> {
        reconciled.add(cache.get(key).name());
        return Result.done();
      });
      HealthServer health = HealthServer.builder(manager).port(0).build();
      manager.add(health);
      manager.start();
      await().atMost(Duration.ofSeconds(30)).until(() -> reconciled.contains("web-1"));

      HttpClient http = HttpClient.newHttpClient();
      String katalog = http.send(HttpRequest.newBuilder(URI.create(health.url() + "/katalog")).build(),
          HttpResponse.BodyHandlers.ofString()).body();
      String metrics = http.send(HttpRequest.newBuilder(URI.create(health.url() + "/metrics")).build(),
          HttpResponse.BodyHandlers.ofString()).body();
      assertThat(katalog).contains("\"cacheSize\":1");
      assertThat(metrics).contains("informer4j_informer_cache_size");
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

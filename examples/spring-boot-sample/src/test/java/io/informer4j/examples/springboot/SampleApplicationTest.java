package io.informer4j.examples.springboot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.informer4j.etcd.testing.EtcdServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The sample against a real etcd: it starts, syncs, reconciles a widget put with a plain etcd client,
 * shows readiness UP, then DOWN once etcd is killed by its PID, and stops with the context, leaving
 * no manager thread.
 */
class SampleApplicationTest {

  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void reconcilesShowsHealthAndStopsWithTheApplication() throws Exception {
    try (EtcdServer etcd = EtcdServer.start()) {
      ConfigurableApplicationContext context = new SpringApplicationBuilder(SampleApplication.class)
          .run("--server.port=0", "--server.address=127.0.0.1", "--informer4j.etcd.endpoints=" + etcd.endpoint(),
              "--informer4j.health.readiness-grace=1s");
      try {
        String base = "http://127.0.0.1:" + context.getEnvironment().getRequiredProperty("local.server.port");
        try (Client client = etcd.newClient()) {
          client.getKVClient().put(bytes("/widgets/shop/w1"), bytes("{\"color\":\"red\"}")).get(10, TimeUnit.SECONDS);
        }
        @SuppressWarnings("unchecked")
        List<String> reconciled = context.getBean("reconciledWidgets", List.class);
        await().atMost(Duration.ofSeconds(30)).until(() -> reconciled.contains("shop/w1 is red"));
        await().atMost(Duration.ofSeconds(30)).until(() -> status(base + "/actuator/health/readiness") == 200);
        assertThat(get(base + "/actuator/katalog").body()).contains("\"name\":\"widgets\"");

        etcd.kill();
        await().atMost(Duration.ofSeconds(60)).until(() -> status(base + "/actuator/health/readiness") == 503);
        assertThat(status(base + "/actuator/health/liveness")).isEqualTo(200);
      } finally {
        context.close();
      }
    }
    // the etcd backend's JVM-wide timer and initial-state pool are shared daemons no manager owns
    await().atMost(Duration.ofSeconds(30)).until(() -> Thread.getAllStackTraces().keySet().stream()
        .map(Thread::getName).filter(name -> name.startsWith("informer4j-"))
        .allMatch(name -> name.startsWith("informer4j-etcd-timer-") || name.startsWith("informer4j-etcd-initial-")));
  }

  private static ByteSequence bytes(String text) {
    return ByteSequence.from(text, StandardCharsets.UTF_8);
  }

  private int status(String url) throws Exception {
    return get(url).statusCode();
  }

  private HttpResponse<String> get(String url) throws Exception {
    return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
        HttpResponse.BodyHandlers.ofString());
  }
}

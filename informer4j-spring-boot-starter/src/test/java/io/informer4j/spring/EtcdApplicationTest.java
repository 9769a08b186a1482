package io.informer4j.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.etcd.jetcd.Client;
import io.informer4j.controller.Result;
import io.informer4j.etcd.EtcdObject;
import io.informer4j.etcd.KeyLayout;
import io.informer4j.etcd.testing.EtcdServer;
import io.informer4j.etcd.testing.EtcdWriter;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import io.informer4j.reader.CacheReader;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A Spring Boot application against a real etcd: the starter builds the etcd backend and the manager
 * from properties, runs the controller bean, shows health UP, then readiness DOWN (liveness still
 * UP) once etcd is killed by its PID, and leaves no manager thread after the context closes.
 */
class EtcdApplicationTest {

  static final ObjectType<EtcdObject<Widget>> WIDGETS = Widget.type(TypeKey.of("spring.informer4j.io", "v1", "Widget"));
  static final KeyLayout LAYOUT = KeyLayout.namespaced("/widgets/");
  static final List<String> RECONCILED = new CopyOnWriteArrayList<>();

  private final ObjectMapper json = new ObjectMapper();
  private EtcdServer etcd;

  /** The application: one controller of widgets, the etcd catalog holding them. */
  @Configuration(proxyBeanMethods = false)
  @EnableAutoConfiguration
  static class WidgetApplication {

    @Bean
    EtcdTypesCustomizer widgetTypes() {
      return types -> types.json(WIDGETS, LAYOUT, Widget.class);
    }

    @Bean
    ControllerDefinition<EtcdObject<Widget>> widgetController(Manager manager) {
      CacheReader<EtcdObject<Widget>> cache = manager.cache().reader(WIDGETS);
      return ControllerDefinition.of("widgets", WIDGETS, key -> {
        RECONCILED.add(cache.find(key).map(w -> key + " is " + w.value().color()).orElse("deleted " + key));
        return Result.done();
      });
    }
  }

  @BeforeEach
  void startEtcd() {
    etcd = EtcdServer.start();
    RECONCILED.clear();
  }

  @AfterEach
  void stopEtcd() {
    etcd.close();
  }

  @Test
  void startsSyncsReconcilesShowsHealthAndStopsWithTheContext() throws Exception {
    ConfigurableApplicationContext context = new SpringApplicationBuilder(WidgetApplication.class).properties(Map.of(
        "server.port", "0",
        "server.address", "127.0.0.1",
        "informer4j.etcd.enabled", "true",
        "informer4j.etcd.endpoints", etcd.endpoint(),
        "informer4j.controllers.widgets.workers", "2",
        "informer4j.controllers.widgets.allowed-namespaces", "shop",
        "informer4j.health.readiness-grace", "1s",
        "management.endpoint.health.probes.enabled", "true",
        "management.endpoint.health.show-details", "always",
        "management.endpoints.web.exposure.include", "health,katalog")).run();
    try {
      Actuator actuator = new Actuator(context);
      Manager manager = context.getBean(Manager.class);
      try (Client client = etcd.newClient()) {
        EtcdWriter writer = new EtcdWriter(client, LAYOUT);
        writer.put("shop", "w1", new Widget(Map.of(), "red"));
        writer.put("attic", "w2", new Widget(Map.of(), "blue"));
      }
      await().atMost(Duration.ofSeconds(30)).until(() -> RECONCILED.contains("shop/w1 is red"));
      assertThat(RECONCILED).noneMatch(line -> line.contains("attic"));
      assertThat(manager.controllers()).singleElement().satisfies(c -> assertThat(c.workers()).isEqualTo(2));

      await().atMost(Duration.ofSeconds(30)).until(() -> actuator.get("/actuator/health/readiness").status() == 200);
      JsonNode health = json.readTree(actuator.get("/actuator/health").body());
      assertThat(health.path("status").asText()).isEqualTo("UP");
      assertThat(health.path("components").path("informer4jReadiness").path("status").asText()).isEqualTo("UP");
      assertThat(health.path("components").path("informer4jLiveness").path("status").asText()).isEqualTo("UP");

      Actuator.Response katalog = actuator.get("/actuator/katalog");
      assertThat(katalog.status()).isEqualTo(200);
      JsonNode document = json.readTree(katalog.body());
      assertThat(document.path("manager").path("ready").asBoolean()).isTrue();
      assertThat(document.path("informers").get(0).path("type").asText()).isEqualTo(WIDGETS.key().toString());
      assertThat(document.path("informers").get(0).path("cacheSize").asInt()).isEqualTo(2);
      assertThat(document.path("controllers").get(0).path("name").asText()).isEqualTo("widgets");

      MeterRegistry spring = context.getBean(MeterRegistry.class);
      assertThat(spring.find("informer4j_controller_events_filtered_total").tag("controller", "widgets").meter())
          .as("the manager's metrics reach Spring's registry").isNotNull();

      etcd.kill();
      await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertThat(actuator.get("/actuator/health/readiness").status())
          .as(() -> actuator.get("/actuator/katalog").body()).isEqualTo(503));
      JsonNode down = json.readTree(actuator.get("/actuator/health").body());
      assertThat(down.path("components").path("informer4jReadiness").path("status").asText()).isEqualTo("DOWN");
      assertThat(down.path("components").path("informer4jReadiness").path("details").path("problems").toString())
          .contains("has been failing since");
      assertThat(down.path("components").path("readinessState").path("status").asText())
          .as("only informer4j's indicator can have made the readiness group DOWN").isEqualTo("UP");
      assertThat(actuator.get("/actuator/health/liveness").status()).as("etcd away is not a reason to restart").isEqualTo(200);
    } finally {
      context.close();
    }
    await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(ApplicationThreads.ofInformer4j()).isEmpty());
  }
}

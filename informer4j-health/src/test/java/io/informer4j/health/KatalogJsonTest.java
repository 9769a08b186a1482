package io.informer4j.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.informer.InformerState;
import io.informer4j.manager.Manager;
import io.informer4j.testkit.SimulatedApi;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The JSON form of {@code /katalog}: order kept, instants as ISO-8601, enums by name, text escaped. */
class KatalogJsonTest {

  @Test
  void writesPlainValuesInTheirDocumentedForm() {
    Map<String, Object> section = new LinkedHashMap<>();
    section.put("at", Instant.parse("2026-03-01T12:00:00.250Z"));
    section.put("state", InformerState.WATCHING);
    section.put("text", "a \"quoted\"\tline\n\u0001");
    section.put("held", List.of(3, 1));
    section.put("holders", new TreeMap<>(Map.of(2, "replica-b", 1, "replica-a")));
    section.put("none", null);
    section.put("ratio", 0.5);
    try (SimulatedApi api = SimulatedApi.builder().build(); Manager manager = Manager.builder(api).build()) {
      manager.factory();
      String json = new Katalog(manager, Map.of("extra", () -> section)).json();

      assertThat(json).startsWith("{\"manager\":{\"running\":false,\"ready\":false},\"informers\":[],\"controllers\":[],"
              + "\"factory\":{\"started\":false,\"status\":\"\",\"types\":[]},")
          .endsWith(",\"extra\":{\"at\":\"2026-03-01T12:00:00.250Z\",\"state\":\"WATCHING\","
              + "\"text\":\"a \\\"quoted\\\"\\tline\\n\\u0001\",\"held\":[3,1],"
              + "\"holders\":{\"1\":\"replica-a\",\"2\":\"replica-b\"},\"none\":null,\"ratio\":0.5}}");
    }
  }

  @Test
  void documentsTheFactoryOnlyWhenTheManagerHasOne() {
    try (SimulatedApi api = SimulatedApi.builder().build(); Manager manager = Manager.builder(api).build()) {
      assertThat(new Katalog(manager, Map.of()).document()).containsOnlyKeys("manager", "informers", "controllers");
    }
  }
}

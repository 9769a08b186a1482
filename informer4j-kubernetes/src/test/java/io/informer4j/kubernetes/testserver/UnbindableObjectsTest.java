package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.PartialObjectMetadata;
import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.kubernetes.internal.FabricJson;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

class UnbindableObjectsTest {

  private static final TypeKey TYPE = ResourceDescriptor.of(ConfigMap.class).type();
  private static final FabricJson JSON = new FabricJson();

  @Test
  void noModelBindsTheServedJsonButItsNameAndNamespaceStayReadable() {
    SimObject unbindable = UnbindableObjects.withListForLabels(SimObject.of("ns", "bad").withLabel("app", "x")
        .withContentAt("data.k", "v").withResourceVersion("7"));
    byte[] json = HttpBodies.json(ObjectJson.toDocument(TYPE, unbindable));

    for (Class<?> model : List.of(ConfigMap.class, GenericKubernetesResource.class, PartialObjectMetadata.class)) {
      assertThatThrownBy(() -> JSON.mapper().readValue(json, model)).as(model.getSimpleName())
          .isInstanceOf(JacksonException.class);
    }
    JsonNode tree = JSON.mapper().readTree(json);
    assertThat(tree.path("metadata").path("name").asString()).isEqualTo("bad");
    assertThat(tree.path("metadata").path("namespace").asString()).isEqualTo("ns");
    assertThat(tree.path("metadata").path("labels").isArray()).isTrue();
    assertThat(tree.path("data").path("k").asString()).isEqualTo("v");
  }

  @Test
  void aNumberWhereAStringIsExpectedWouldStillBind() {
    byte[] json = HttpBodies.json(ObjectJson.toDocument(TYPE, SimObject.of("ns", "a").withContent(Map.of("data", Map.of("k", 1)))));

    assertThat(JSON.mapper().readValue(json, ConfigMap.class).getData()).containsEntry("k", "1");
  }
}

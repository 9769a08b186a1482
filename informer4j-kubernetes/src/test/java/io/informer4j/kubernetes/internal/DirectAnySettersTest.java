package io.informer4j.kubernetes.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.DatabindException;

class DirectAnySettersTest {

  private static final FabricJson JSON = new FabricJson();
  private static final KubernetesSerialization FABRIC8 = new KubernetesSerialization();

  private static final String CONFIG_MAP = """
      {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","namespace":"ns","resourceVersion":"7",
       "ownerReferences":[{"apiVersion":"v1","kind":"Pod","name":"p","uid":"u","futureField":{"x":[1,2]}}],
       "managedFields":[{"manager":"kubectl","operation":"Apply","apiVersion":"v1","fieldsType":"FieldsV1",
         "fieldsV1":{"f:data":{"f:k":{},".":{}},"f:metadata":{"f:labels":{"f:app":{}}},"f:empty":null}}],
       "unknownMeta":"kept"},
       "data":{"k":"v"},"extra":{"nested":[true,null,1.5,"s"]}}
      """;

  private static final String CUSTOM_RESOURCE = """
      {"apiVersion":"example.io/v1","kind":"Widget","metadata":{"name":"w","namespace":"ns"},
       "spec":{"replicas":3,"selector":{"matchLabels":{"app":"w"}},"ports":[{"port":80},{"port":443}],"paused":false,
         "note":null,"ratio":0.25,"big":12345678901234},
       "status":{"conditions":[{"type":"Ready","status":"True"}]}}
      """;

  @Test
  void typedModelsDecodeExactlyAsFabric8DecodesThem() {
    assertSameAsFabric8(CONFIG_MAP, ConfigMap.class);
    ConfigMap decoded = JSON.unmarshal(CONFIG_MAP, ConfigMap.class);
    assertThat(decoded.getMetadata().getManagedFields().get(0).getFieldsV1().getAdditionalProperties())
        .containsKeys("f:data", "f:metadata", "f:empty");
    assertThat(decoded.getMetadata().getAdditionalProperties()).containsEntry("unknownMeta", "kept");
    assertThat(decoded.getAdditionalProperties()).containsKey("extra");
  }

  @Test
  void genericResourcesDecodeExactlyAsFabric8DecodesThem() {
    assertSameAsFabric8(CUSTOM_RESOURCE, GenericKubernetesResource.class);
    GenericKubernetesResource decoded = JSON.unmarshal(CUSTOM_RESOURCE, GenericKubernetesResource.class);
    assertThat(decoded.getAdditionalProperties()).containsOnlyKeys("spec", "status");
    Map<String, Object> spec = decoded.get("spec");
    assertThat(spec).containsEntry("replicas", 3).containsEntry("note", null);
  }

  @Test
  void theSetterIsCalledWithoutJacksonsPerCallHandleConversion() {
    Recorder recorder = JSON.mapper().readValue("{\"a\":1,\"b\":{\"c\":[2]}}", Recorder.class);

    assertThat(recorder.values).containsExactly(Map.entry("a", 1), Map.entry("b", Map.of("c", List.of(2))));
    assertThat(recorder.callers).noneMatch(frame -> frame.contains("invokeWithArguments") || frame.contains("callOnWith"));
    assertThat(new KubernetesSerialization().unmarshal("{\"a\":1}", Recorder.class).callers)
        .as("without the module Jackson converts the handle on every call")
        .anyMatch(frame -> frame.contains("invokeWithArguments") || frame.contains("callOnWith"));
  }

  @Test
  void aThrowingSetterFailsTheDecodeWithJacksonsError() {
    assertThatThrownBy(() -> JSON.mapper().readValue("{\"bad\":1}", Throwing.class))
        .isInstanceOf(DatabindException.class)
        .hasMessageContaining("refused bad");
  }

  @Test
  void otherAnySettersAreLeftAsTheyAre() {
    MapField decoded = JSON.mapper().readValue("{\"a\":\"x\",\"b\":[1]}", MapField.class);

    assertThat(decoded.rest).containsExactly(Map.entry("a", "x"), Map.entry("b", List.of(1)));
  }

  private static <T extends HasMetadata> void assertSameAsFabric8(String json, Class<T> type) {
    T ours = JSON.unmarshal(json, type);
    T theirs = FABRIC8.unmarshal(json, type);
    assertThat(ours).isEqualTo(theirs);
    assertThat(JSON.asJson(ours)).isEqualTo(FABRIC8.asJson(theirs));
  }

  /** Records what it is given and the stack of the call that gave it. */
  public static final class Recorder {
    final Map<String, Object> values = new LinkedHashMap<>();
    List<String> callers = List.of();

    @JsonAnySetter
    public void put(String name, Object value) {
      values.put(name, value);
      callers = Arrays.stream(new Throwable().getStackTrace()).map(StackTraceElement::toString).toList();
    }
  }

  /** An any-setter that refuses every field. */
  public static final class Throwing {
    @JsonAnySetter
    public void put(String name, Object value) {
      throw new IllegalArgumentException("refused " + name);
    }
  }

  /** An any-setter on a field, which the module does not touch. */
  public static final class MapField {
    @JsonAnySetter
    public final Map<String, Object> rest = new LinkedHashMap<>();
  }
}

package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class PatchesTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @SuppressWarnings("unchecked")
  private static Map<String, Object> json(String text) {
    return JSON.readValue(text, Map.class);
  }

  private static Object value(String text) {
    return JSON.readValue(text, Object.class);
  }

  @Test
  void strategicMergeMergesListsWithAMergeKeyAndReplacesOthers() {
    Map<String, Object> pod = json("""
        {"metadata":{"finalizers":["a"]},
         "spec":{"containers":[{"name":"web","image":"v1","env":[{"name":"A","value":"1"}]},{"name":"side","image":"s"}],
                 "tolerations":[{"key":"x"}]}}""");

    Map<String, Object> patched = StrategicMergePatch.apply(pod, json("""
        {"metadata":{"finalizers":["b"]},
         "spec":{"$setElementOrder/containers":[{"name":"web"},{"name":"side"}],
                 "containers":[{"name":"web","image":"v2","env":[{"name":"B","value":"2"}]},{"name":"side","$patch":"delete"}],
                 "tolerations":[{"key":"y"}]}}"""));

    assertThat(patched).isEqualTo(json("""
        {"metadata":{"finalizers":["a","b"]},
         "spec":{"containers":[{"name":"web","image":"v2","env":[{"name":"A","value":"1"},{"name":"B","value":"2"}]}],
                 "tolerations":[{"key":"y"}]}}"""));
    assertThat(pod).isEqualTo(json("""
        {"metadata":{"finalizers":["a"]},
         "spec":{"containers":[{"name":"web","image":"v1","env":[{"name":"A","value":"1"}]},{"name":"side","image":"s"}],
                 "tolerations":[{"key":"x"}]}}"""));
  }

  @Test
  void strategicMergeDirectivesReplaceAndDelete() {
    Map<String, Object> target = json("{\"data\":{\"a\":\"1\",\"b\":\"2\"},\"spec\":{\"ports\":[{\"port\":80},{\"port\":443}]}}");

    Map<String, Object> patched = StrategicMergePatch.apply(target, json("""
        {"data":{"$patch":"replace","c":"3"},"spec":{"ports":[{"port":80,"name":"http"}],"x":null}}"""));

    assertThat(patched).isEqualTo(json("{\"data\":{\"c\":\"3\"},\"spec\":{\"ports\":[{\"port\":80,\"name\":\"http\"},{\"port\":443}]}}"));
  }

  @Test
  void jsonPatchAppliesEachOperationAndFailsOnAFailedTest() {
    Object patched = JsonPatch.apply(json("{\"a\":{\"b\":[1,2]},\"c~d\":1}"), value("""
        [{"op":"add","path":"/a/b/-","value":3},{"op":"remove","path":"/a/b/0"},{"op":"replace","path":"/c~0d","value":2},
         {"op":"copy","from":"/a/b","path":"/e"},{"op":"move","from":"/e","path":"/f"},{"op":"test","path":"/f/1","value":3}]"""));

    assertThat(patched).isEqualTo(json("{\"a\":{\"b\":[2,3]},\"c~d\":2,\"f\":[2,3]}"));
    assertThatThrownBy(() -> JsonPatch.apply(Map.of("a", 1), List.of(Map.of("op", "test", "path", "/a", "value", 2))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("testing value /a failed");
    assertThatThrownBy(() -> JsonPatch.apply(Map.of(), List.of(Map.of("op", "remove", "path", "/missing"))))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void versionsArePreferredAsTheApiServerOrdersThem() {
    assertThat(List.of("v1alpha1", "v2beta1", "foo", "v1", "v1beta2", "v2", "v1beta1").stream()
        .sorted(VersionPriority.HIGHEST_FIRST).toList())
        .containsExactly("v2", "v1", "v2beta1", "v1beta2", "v1beta1", "v1alpha1", "foo");
  }
}

package io.informer4j.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SimObjectTest {

  @Test
  void withersBuildNewObjectsAndLeaveTheOriginalUnchanged() {
    SimObject original = SimObject.of("shop", "cart");
    SimObject labelled = original.withLabel("app", "web").withLabel("tier", "front").withoutLabel("tier")
        .withAnnotation("note", "x");

    assertThat(original.labels()).isEmpty();
    assertThat(labelled.labels()).containsExactly(Map.entry("app", "web"));
    assertThat(labelled.annotations()).containsExactly(Map.entry("note", "x"));
    assertThat(labelled.key()).isEqualTo("shop/cart");
    assertThat(SimObject.of("", "node-1").key()).isEqualTo("node-1");
    assertThat(SimObject.of(null, "node-1").namespace()).isEmpty();
  }

  @Test
  void contentIsADeepCopyThatTheCallerCannotChange() {
    List<Object> ports = new ArrayList<>(List.of(80, 443));
    Map<String, Object> spec = new HashMap<>();
    spec.put("nodeName", "n1");
    spec.put("ports", ports);
    spec.put("unset", null);
    Map<String, Object> content = new HashMap<>();
    content.put("spec", spec);

    SimObject object = SimObject.of("shop", "cart").withContent(content);
    spec.put("nodeName", "changed");
    ports.add(8080);

    assertThat(object.contentAt("spec.nodeName")).isEqualTo("n1");
    assertThat(object.contentAt("spec.ports")).isEqualTo(List.of(80, 443));
    @SuppressWarnings("unchecked")
    Map<String, Object> frozenSpec = (Map<String, Object>) object.contentAt("spec");
    assertThat(frozenSpec).containsEntry("unset", null);
    assertThatThrownBy(() -> frozenSpec.put("x", 1)).isInstanceOf(UnsupportedOperationException.class);
    Map.Entry<String, Object> firstEntry = frozenSpec.entrySet().iterator().next();
    assertThatThrownBy(() -> firstEntry.setValue("y"))
        .isInstanceOf(UnsupportedOperationException.class);
    @SuppressWarnings("unchecked")
    List<Object> frozenPorts = (List<Object>) object.contentAt("spec.ports");
    assertThatThrownBy(() -> frozenPorts.add(1)).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> object.labels().put("a", "b")).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void contentRejectsValuesThatAreNotJson() {
    SimObject object = SimObject.of("shop", "cart");

    assertThatThrownBy(() -> object.withContent(Map.of("counter", new AtomicLong())))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("counter");
    assertThatThrownBy(() -> object.withContent(Map.of("nested", Map.of(1, "x"))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nested");
  }

  @Test
  void withContentAtCreatesTheMapsOnTheWayAndSharesTheRest() {
    SimObject base = SimObject.of("shop", "cart").withContent(Map.of("data", Map.of("a", "1"), "spec", Map.of()));

    SimObject placed = base.withContentAt("spec.template.nodeName", "n2");

    assertThat(placed.contentAt("spec.template.nodeName")).isEqualTo("n2");
    assertThat(placed.contentAt("data")).isSameAs(base.contentAt("data"));
    assertThat(base.contentAt("spec.template")).isNull();
    assertThatThrownBy(() -> placed.withContentAt("data.a.b", 1)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void equalityIsByValueAndFrozenContentEqualsPlainMaps() {
    Map<String, Object> content = new LinkedHashMap<>();
    content.put("data", Map.of("k", "v"));
    SimObject one = SimObject.of("shop", "cart").withLabel("app", "web").withContent(content);
    SimObject two = SimObject.of("shop", "cart").withLabel("app", "web").withContent(Map.of("data", Map.of("k", "v")));

    assertThat(one).isEqualTo(two).hasSameHashCodeAs(two);
    assertThat(one.content()).isEqualTo(content);
    assertThat(one.hasSameData(two.withResourceVersion("7"))).isTrue();
    assertThat(one.hasSameData(two.withAnnotation("a", "b"))).isFalse();
  }

  @Test
  void adapterReadsMetadataAndScalarContentFields() {
    SimObject pod = SimObject.of("shop", "web-1").withLabel("app", "web").withResourceVersion("12")
        .withContent(Map.of("spec", Map.of("nodeName", "n1", "replicas", 3, "price", new BigDecimal("2.50"),
            "ready", true, "containers", List.of("a"))));
    var adapter = SimObject.ADAPTER;

    assertThat(adapter.namespace(pod)).isEqualTo("shop");
    assertThat(adapter.name(pod)).isEqualTo("web-1");
    assertThat(adapter.resourceVersion(pod)).isEqualTo("12");
    assertThat(adapter.labels(pod)).containsEntry("app", "web");
    assertThat(adapter.deepCopy(pod)).isSameAs(pod);
    assertThat(adapter.key(pod)).isEqualTo("shop/web-1");
    assertThat(adapter.field(pod, "metadata.name")).isEqualTo("web-1");
    assertThat(adapter.field(pod, "metadata.namespace")).isEqualTo("shop");
    assertThat(adapter.field(pod, "spec.nodeName")).isEqualTo("n1");
    assertThat(adapter.field(pod, "spec.replicas")).isEqualTo("3");
    assertThat(adapter.field(pod, "spec.price")).isEqualTo("2.50");
    assertThat(adapter.field(pod, "spec.ready")).isEqualTo("true");
    assertThat(adapter.field(pod, "spec.containers")).isNull();
    assertThat(adapter.field(pod, "spec")).isNull();
    assertThat(adapter.field(pod, "status.phase")).isNull();
  }

  @Test
  void anEmptyNameIsAllowedOnlyAsAMalformedObject() {
    SimObject nameless = SimObject.of("shop", "");

    assertThat(SimObject.ADAPTER.name(nameless)).isEmpty();
    assertThatThrownBy(() -> SimObject.of("shop", null)).isInstanceOf(NullPointerException.class);
  }
}

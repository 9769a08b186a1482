package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * The field-set machinery of server-side apply without a server: fieldsV1, the set operations,
 * item identities, and the item order of merged lists, each against what structured-merge-diff does.
 */
class FieldSetTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final SchemaNode PORTS = SchemaNode.of(json("""
      {"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["name","protocol"],
       "items":{"type":"object","properties":{"name":{"type":"string"},"protocol":{"type":"string","default":"TCP"}}}}"""));
  private static final SchemaNode TAGS = SchemaNode.of(json("""
      {"type":"array","x-kubernetes-list-type":"set","items":{"type":"string"}}"""));

  @SuppressWarnings("unchecked")
  private static Map<String, Object> json(String text) {
    return JSON.readValue(text, Map.class);
  }

  private static List<PathElement> path(PathElement... elements) {
    return List.of(elements);
  }

  private static PathElement.Field field(String name) {
    return new PathElement.Field(name);
  }

  private static List<Object> names(Object list) {
    return ((List<?>) list).stream().map(item -> (Object) ((Map<?, ?>) item).get("name")).toList();
  }

  private static Map<String, Object> port(String name) {
    return Map.of("name", name);
  }

  @Test
  void fieldsV1ListsMembersAndParentsInOrderWithADotForBoth() {
    FieldSet set = FieldSet.of(List.of(
        path(field("spec"), field("b")),
        path(field("spec"), field("a")),
        path(field("spec"), PathElement.Key.of(Map.of("name", "web"))),
        path(field("spec"), PathElement.Key.of(Map.of("name", "web")), field("image")),
        path(field("spec"), new PathElement.Value("x"))));

    Map<String, Object> fieldsV1 = set.toFieldsV1();

    assertThat(JSON.writeValueAsString(fieldsV1)).isEqualTo(
        "{\"f:spec\":{\"f:a\":{},\"f:b\":{},\"k:{\\\"name\\\":\\\"web\\\"}\":{\".\":{},\"f:image\":{}},\"v:\\\"x\\\"\":{}}}");
    assertThat(FieldSet.fromFieldsV1(fieldsV1)).isEqualTo(set);
    assertThatThrownBy(() -> FieldSet.fromFieldsV1(Map.of("x:y", Map.of()))).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void setOperationsFollowStructuredMergeDiff() {
    FieldSet abc = FieldSet.of(List.of(path(field("a")), path(field("a"), field("b"), field("c")), path(field("d"))));
    FieldSet ab = FieldSet.of(List.of(path(field("a"), field("b"))));

    assertThat(abc.difference(ab).paths()).hasSize(3);
    assertThat(abc.recursiveDifference(FieldSet.of(List.of(path(field("a"))))).paths())
        .containsExactly(path(field("d")));
    assertThat(abc.intersection(FieldSet.of(List.of(path(field("d")), path(field("e"))))).paths())
        .containsExactly(path(field("d")));
    assertThat(ab.union(abc).has(path(field("a"), field("b")))).isTrue();
    assertThat(PathElement.describe(path(field("spec"), PathElement.Key.of(Map.of("port", 80, "protocol", "TCP")),
        field("name")))).isEqualTo(".spec[port=80,protocol=\"TCP\"].name");
  }

  @Test
  void listItemsAreIdentifiedByTheirKeysWithDefaultsOrTheirValue() {
    assertThat(ListItems.of(PORTS, List.of(port("http"))).get(0).element())
        .isEqualTo(PathElement.Key.of(Map.of("name", "http", "protocol", "TCP")));
    assertThat(ListItems.of(TAGS, List.of("a")).get(0).element()).isEqualTo(new PathElement.Value("a"));
    assertThatThrownBy(() -> ListItems.of(PORTS, List.of(Map.of("protocol", "UDP"))))
        .hasMessage("element 0: associative list with keys has an element that omits key field \"name\" "
            + "(and doesn't have default value)");
    assertThatThrownBy(() -> ValueFields.ofApplied(List.of(port("a"), port("a")), PORTS))
        .hasMessage("duplicate entries for key [name=\"a\",protocol=\"TCP\"]");
  }

  @Test
  void mergedListsKeepStructuredMergeDiffsItemOrder() {
    List<Map<String, Object>> abc = List.of(port("a"), port("b"), port("c"));
    assertThat(names(ValueMerge.merge(abc, List.of(port("b")), PORTS))).containsExactly("a", "b", "c");
    assertThat(names(ValueMerge.merge(abc, List.of(port("c"), port("a")), PORTS))).containsExactly("b", "c", "a");
    assertThat(names(ValueMerge.merge(List.of(port("a"), port("b")), List.of(port("c"), port("a")), PORTS)))
        .containsExactly("c", "a", "b");
    assertThat(names(ValueMerge.merge(List.of(port("a"), port("b")), List.of(port("c")), PORTS)))
        .containsExactly("a", "b", "c");
    assertThat(ValueMerge.merge(List.of("x", "y"), List.of("z", "x"), TAGS)).isEqualTo(List.of("z", "x", "y"));
  }

  @Test
  void comparisonsFindAddedModifiedAndRemovedPaths() {
    SchemaNode deduced = SchemaNode.deduced();
    ValueComparison changes = ValueComparison.of(json("{\"a\":1,\"b\":{\"c\":2},\"d\":[1]}"),
        json("{\"a\":2,\"b\":{},\"e\":{\"f\":1},\"d\":[1]}"), deduced);

    assertThat(changes.modified().paths()).containsExactly(path(field("a")));
    assertThat(changes.removed().paths()).containsExactly(path(field("b"), field("c")));
    assertThat(changes.added().paths()).containsExactly(path(field("e")), path(field("e"), field("f")));
  }
}

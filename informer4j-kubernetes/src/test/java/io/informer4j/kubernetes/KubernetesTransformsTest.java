package io.informer4j.kubernetes;

import static io.informer4j.kubernetes.TestServerFixture.CONFIG_MAPS;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.informer4j.source.ListRequest;
import io.informer4j.source.Selection;
import io.informer4j.testkit.SimObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Stripping managedFields, and the strings the compact form ({@link HasMetadataAdapter#compact}) shares, on
 * objects decoded from the test server.
 */
class KubernetesTransformsTest {

  private final TestServerFixture fixture = new TestServerFixture();

  @AfterEach
  void tearDown() {
    fixture.close();
  }

  private List<ConfigMap> twoDecodedConfigMaps() {
    for (String name : List.of("cart", "till")) {
      fixture.api.create(CONFIG_MAPS.type(), SimObject.of("shop", name).withLabel("app", "web")
          .withContentAt("metadata", Map.of("creationTimestamp", "2026-01-01T00:00:00Z",
              "managedFields", List.of(Map.of("manager", "kubectl", "operation", "Apply", "apiVersion", "v1",
                  "time", "2026-01-01T00:00:00Z", "fieldsType", "FieldsV1")))));
    }
    List<ConfigMap> decoded = new ArrayList<>();
    fixture.configMaps().list(ListRequest.of(Selection.all(), ""), decoded::add);
    assertThat(decoded).hasSize(2);
    return decoded;
  }

  /** The same ConfigMaps decoded once more: equal to the first ones, with strings of their own. */
  private List<ConfigMap> decodedAgain() {
    List<ConfigMap> decoded = new ArrayList<>();
    fixture.configMaps().list(ListRequest.of(Selection.all(), ""), decoded::add);
    return decoded;
  }

  @Test
  void repeatedStringsBecomeOneInstanceAndEverythingElseStays() {
    List<ConfigMap> decoded = twoDecodedConfigMaps();
    ConfigMap a = decoded.get(0);
    ConfigMap b = decoded.get(1);
    List<Function<ConfigMap, String>> repeated = List.of(ConfigMap::getApiVersion,
        cm -> cm.getMetadata().getNamespace(), cm -> cm.getMetadata().getCreationTimestamp(),
        cm -> cm.getMetadata().getLabels().get("app"),
        cm -> cm.getMetadata().getManagedFields().get(0).getManager(),
        cm -> cm.getMetadata().getManagedFields().get(0).getOperation(),
        cm -> cm.getMetadata().getManagedFields().get(0).getTime(),
        cm -> cm.getMetadata().getManagedFields().get(0).getFieldsType());
    assertThat(repeated).allSatisfy(read -> assertThat(read.apply(a)).isEqualTo(read.apply(b)).isNotSameAs(read.apply(b)));
    ConfigMap copyOfA = new ConfigMapBuilder(a).build();

    UnaryOperator<ConfigMap> share = new HasMetadataAdapter<ConfigMap>(new KubernetesSerialization())::compact;
    assertThat(share.apply(a)).isSameAs(a);
    share.apply(b);
    ConfigMap c = share.apply(decodedAgain().get(0));

    assertThat(repeated).allSatisfy(read -> assertThat(read.apply(b)).isSameAs(read.apply(c)));
    assertThat(repeated).allSatisfy(read -> assertThat(read.apply(a)).isEqualTo(read.apply(c)));
    assertThat(a).isEqualTo(copyOfA);
    assertThat(a.getMetadata().getName()).isNotEqualTo(b.getMetadata().getName());
  }

  @Test
  void objectsWithoutMetadataOrOptionalPartsPassUnchanged() {
    UnaryOperator<ConfigMap> share = new HasMetadataAdapter<ConfigMap>(new KubernetesSerialization())::compact;
    ConfigMap bare = new ConfigMap();
    bare.setMetadata(null);
    assertThat(share.apply(bare).getMetadata()).isNull();
    ConfigMap sparse = new ConfigMapBuilder().withMetadata(new ObjectMeta()).build();
    assertThat(share.apply(sparse)).isEqualTo(new ConfigMapBuilder().withMetadata(new ObjectMeta()).build());
  }

  @Test
  void strippingComposesWithTheCompactForm() {
    List<ConfigMap> decoded = twoDecodedConfigMaps();
    UnaryOperator<ConfigMap> strip = KubernetesTransforms.stripManagedFields();
    UnaryOperator<ConfigMap> share = new HasMetadataAdapter<ConfigMap>(new KubernetesSerialization())::compact;
    share.apply(strip.apply(decoded.get(0)));
    ConfigMap both = share.apply(strip.apply(decoded.get(1)));
    assertThat(both.getMetadata().getManagedFields()).isNull();
    assertThat(both.getMetadata().getNamespace()).isSameAs("shop".intern());
  }
}

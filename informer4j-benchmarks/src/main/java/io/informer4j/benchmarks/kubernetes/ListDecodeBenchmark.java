package io.informer4j.benchmarks.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.ConfigMapList;
import io.fabric8.kubernetes.api.model.ConfigMapListBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.informer4j.kubernetes.HasMetadataAdapter;
import io.informer4j.kubernetes.internal.FabricJson;
import io.informer4j.kubernetes.internal.ListStreamDecoder;
import io.informer4j.source.ListSink;
import io.informer4j.source.MalformedObjectException;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Decoding a list response of {@value #ITEMS} ConfigMaps (the comparison harness's shape: 8 data
 * keys, 2 labels, a server-side-apply {@code managedFields} entry; about 1.4 KB of JSON each) into
 * fabric8 models, in one thread, warm. {@code decoder=informer4j}: the Kubernetes backend's
 * streaming {@link ListStreamDecoder} (item by item, with its Jackson configuration);
 * {@code decoder=fabric8}: fabric8 8.0.0's own {@link KubernetesSerialization} unmarshalling the
 * whole body as a {@code ConfigMapList}, as its informers do. {@code transform=compact} also gives every item
 * the cache's compact form ({@code HasMetadataAdapter.compact}), as informers do by default; {@code model=generic} binds the items as a
 * dynamic informer does. Score: nanoseconds per item.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ListDecodeBenchmark {

  private static final int ITEMS = 10_000;
  private static final int DATA_KEYS = 8;

  @Param({"informer4j", "fabric8"})
  public String decoder;

  /** {@code compact}: each decoded item also takes the cache's compact form ({@link HasMetadataAdapter#compact}). */
  @Param({"none", "compact"})
  public String transform;

  /**
   * {@code typed}: items bound to {@code ConfigMap}; {@code generic}: to
   * {@code GenericKubernetesResource}, as a dynamic informer does.
   */
  @Param({"typed", "generic"})
  public String model;

  private byte[] body;
  private Binding<?> binding;

  @Setup
  public void setUp() {
    KubernetesSerialization fabric8 = new KubernetesSerialization();
    FabricJson json = new FabricJson();
    binding = "generic".equals(model)
        ? new Binding<>(json, fabric8, GenericKubernetesResource.class, GenericKubernetesResourceList.class, transform)
        : new Binding<>(json, fabric8, ConfigMap.class, ConfigMapList.class, transform);
    List<ConfigMap> items = new ArrayList<>(ITEMS);
    for (int i = 0; i < ITEMS; i++) {
      items.add(configMap(i));
    }
    ConfigMapList list = new ConfigMapListBuilder().withNewMetadata().withResourceVersion("1").endMetadata()
        .withItems(items).build();
    body = fabric8.asJson(list).getBytes(StandardCharsets.UTF_8);
  }

  @Benchmark
  @OperationsPerInvocation(ITEMS)
  public int decode() {
    return "fabric8".equals(decoder) ? binding.unmarshalWhole(body) : binding.stream(body);
  }

  /** The two decoders and the transform for one model class. */
  private static final class Binding<T extends HasMetadata> {
    private final ListStreamDecoder<T> streaming;
    private final KubernetesSerialization fabric8;
    private final Class<? extends KubernetesResourceList<T>> listType;
    private final UnaryOperator<T> transform;

    Binding(FabricJson json, KubernetesSerialization fabric8, Class<T> itemType,
            Class<? extends KubernetesResourceList<T>> listType, String transform) {
      this.streaming = new ListStreamDecoder<>(json, itemType);
      this.fabric8 = fabric8;
      this.listType = listType;
      this.transform = "compact".equals(transform) ? new HasMetadataAdapter<T>(fabric8)::compact : UnaryOperator.identity();
    }

    /** fabric8's whole-body unmarshal, then the transform over the items. */
    int unmarshalWhole(byte[] body) {
      List<T> decoded = fabric8.unmarshal(new ByteArrayInputStream(body), listType).getItems();
      decoded.replaceAll(transform);
      return decoded.size();
    }

    /** informer4j's streaming decoder, each item transformed as it comes. */
    int stream(byte[] body) {
      int[] count = new int[1];
      streaming.decode(new ByteArrayInputStream(body), new ListSink<>() {
        @Override
        public void accept(T item) {
          if (transform.apply(item) != null) {
            count[0]++;
          }
        }

        @Override
        public void malformed(MalformedObjectException problem) {
          throw new IllegalStateException(problem);
        }
      });
      return count[0];
    }
  }

  /** A ConfigMap of the harness's shape, numbered {@code index}. */
  static ConfigMap configMap(int index) {
    Map<String, String> data = new LinkedHashMap<>();
    for (int k = 0; k < DATA_KEYS; k++) {
      data.put("key-" + k, "value-" + k + "-" + index + "-" + "x".repeat(90));
    }
    Map<String, Object> dataFields = new LinkedHashMap<>();
    for (int k = 0; k < 4; k++) {
      dataFields.put("f:key-" + k, Map.of());
    }
    return new ConfigMapBuilder()
        .withNewMetadata()
        .withName("cm-" + index).withNamespace("ns-" + index % 20).withResourceVersion(Integer.toString(10 + index))
        .withUid("00000000-0000-0000-0000-" + String.format("%012d", index))
        .withCreationTimestamp("2026-01-01T00:00:00Z")
        .addToLabels("app", "bench").addToLabels("shard", Integer.toString(index % 16))
        .addNewManagedField().withManager("kubectl").withOperation("Apply").withApiVersion("v1")
        .withTime("2026-01-01T00:00:00Z").withFieldsType("FieldsV1")
        .withNewFieldsV1().addToAdditionalProperties("f:data", dataFields).endFieldsV1()
        .endManagedField()
        .endMetadata()
        .withData(data)
        .build();
  }
}

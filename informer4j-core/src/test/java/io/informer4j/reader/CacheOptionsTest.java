package io.informer4j.reader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.Selection;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** Precedence per type and namespace, then per type, then per namespace, then defaults; namespaces per type. */
class CacheOptionsTest {

  private static final TypeKey PODS = TypeKey.of("", "v1", "Pod");
  private static final TypeKey DEPLOYMENTS = TypeKey.of("apps", "v1", "Deployment");
  private static final TypeKey NODES = TypeKey.of("", "v1", "Node");

  private static CacheConfig labels(String selector) {
    return CacheConfig.empty().withLabels(LabelSelector.parse(selector));
  }

  private final CacheOptions options = CacheOptions.builder()
      .defaults(labels("level=default").withResyncPeriod(Duration.ofHours(1)).withUnsafeDisableDeepCopy(true))
      .namespace("a", labels("level=namespace").withFields(FieldSelector.parse("f=namespace")))
      .namespace("b")
      .byType(PODS, TypeConfig.of(labels("level=type").withResyncPeriod(Duration.ofMinutes(5)))
          .withNamespace("a", labels("level=type-namespace"))
          .withNamespace("c"))
      .build();

  @Test
  void eachSettingComesFromTheFirstLevelThatSetsIt() {
    InformerSpec podsInA = options.resolve(PODS, "a");
    assertThat(podsInA.selection()).isEqualTo(new Selection("a", LabelSelector.parse("level=type-namespace"),
        FieldSelector.parse("f=namespace")));
    assertThat(podsInA.resyncPeriod()).isEqualTo(Duration.ofMinutes(5));
    assertThat(options.unsafeDisableDeepCopy(PODS, "a")).isTrue();

    InformerSpec podsInC = options.resolve(PODS, "c");
    assertThat(podsInC.selection().labels()).isEqualTo(LabelSelector.parse("level=type"));
    assertThat(podsInC.selection().fields()).isEqualTo(FieldSelector.everything());

    InformerSpec deploymentsInA = options.resolve(DEPLOYMENTS, "a");
    assertThat(deploymentsInA.selection().labels()).isEqualTo(LabelSelector.parse("level=namespace"));
    assertThat(deploymentsInA.resyncPeriod()).isEqualTo(Duration.ofHours(1));

    assertThat(options.resolve(DEPLOYMENTS, "b").selection().labels()).isEqualTo(LabelSelector.parse("level=default"));
  }

  @Test
  void withNothingSetThereAreNoSelectorsNoTransformDeepCopyAndTheMapsResync() {
    InformerSpec spec = CacheOptions.defaults().resolve(PODS, "");
    assertThat(spec).isEqualTo(InformerSpec.all());
    assertThat(spec.selection().isEverything()).isTrue();
    assertThat(spec.name()).as("named by the map").isNull();
    assertThat(spec.transform()).isNull();
    assertThat(spec.resyncPeriod()).as("the map's default").isNull();
    assertThat(CacheOptions.defaults().unsafeDisableDeepCopy(PODS, "")).isFalse();
  }

  @Test
  void aTypeIsCachedInItsOwnNamespacesElseTheCachesElseTheMapsNamespace() {
    assertThat(options.namespacesOf(PODS, Scope.NAMESPACED, "")).containsExactly("a", "c");
    assertThat(options.namespacesOf(DEPLOYMENTS, Scope.NAMESPACED, "")).containsExactly("a", "b");
    assertThat(options.namespacesOf(NODES, Scope.CLUSTER, "team-a")).containsExactly("");
    assertThat(CacheOptions.defaults().namespacesOf(PODS, Scope.NAMESPACED, "")).containsExactly("");
    assertThat(CacheOptions.defaults().namespacesOf(PODS, Scope.NAMESPACED, "team-a")).containsExactly("team-a");
  }

  @Test
  void anEmptyNamespaceKeyIsRejected() {
    assertThatThrownBy(() -> CacheOptions.builder().namespace("").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("all-namespaces entry");
    assertThatThrownBy(() -> TypeConfig.of(CacheConfig.empty()).withNamespace(""))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aNegativeResyncPeriodIsRejected() {
    assertThatThrownBy(() -> CacheConfig.empty().withResyncPeriod(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("PT-1S");
  }

  @Test
  void orElseFillsOnlyUnsetComponents() {
    UnaryOperator<Object> strip = o -> o;
    CacheConfig merged = labels("a=1").orElse(new CacheConfig(LabelSelector.parse("b=2"), FieldSelector.parse("f=v"),
        strip, false, Duration.ofSeconds(5), false));
    assertThat(merged).isEqualTo(new CacheConfig(LabelSelector.parse("a=1"), FieldSelector.parse("f=v"), strip, false,
        Duration.ofSeconds(5), false));
    assertThat(merged.orElse(null)).isSameAs(merged);
  }

  @Test
  void namespacesAreKeptSorted() {
    assertThat(List.copyOf(options.namespaces().keySet())).containsExactly("a", "b");
    assertThat(List.copyOf(options.byType().get(PODS).namespaces().keySet())).containsExactly("a", "c");
  }
}

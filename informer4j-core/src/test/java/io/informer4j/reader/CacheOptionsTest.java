package io.informer4j.reader;

import static io.informer4j.reader.ReaderFixture.DEPLOYMENTS;
import static io.informer4j.reader.ReaderFixture.NODES;
import static io.informer4j.reader.ReaderFixture.PODS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.Scope;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** Precedence per type and namespace, then per type, then per namespace, then defaults; namespaces per type. */
class CacheOptionsTest {

  private static CacheConfig labels(String selector) {
    return CacheConfig.empty().withLabels(LabelSelector.parse(selector));
  }

  private final CacheOptions options = CacheOptions.builder()
      .defaults(labels("level=default").withSyncPeriod(Duration.ofHours(1)).withUnsafeDisableDeepCopy(true))
      .namespace("a", labels("level=namespace").withFields(FieldSelector.parse("f=namespace")))
      .namespace("b")
      .byType(PODS, TypeConfig.of(labels("level=type").withSyncPeriod(Duration.ofMinutes(5)))
          .withNamespace("a", labels("level=type-namespace"))
          .withNamespace("c"))
      .build();

  @Test
  void eachSettingComesFromTheFirstLevelThatSetsIt() {
    ResolvedConfig podsInA = options.resolve(PODS, "a");
    assertThat(podsInA.labels()).isEqualTo(LabelSelector.parse("level=type-namespace"));
    assertThat(podsInA.fields()).isEqualTo(FieldSelector.parse("f=namespace"));
    assertThat(podsInA.syncPeriod()).isEqualTo(Duration.ofMinutes(5));
    assertThat(podsInA.unsafeDisableDeepCopy()).isTrue();

    ResolvedConfig podsInC = options.resolve(PODS, "c");
    assertThat(podsInC.labels()).isEqualTo(LabelSelector.parse("level=type"));
    assertThat(podsInC.fields()).isEqualTo(FieldSelector.everything());

    ResolvedConfig deploymentsInA = options.resolve(DEPLOYMENTS, "a");
    assertThat(deploymentsInA.labels()).isEqualTo(LabelSelector.parse("level=namespace"));
    assertThat(deploymentsInA.syncPeriod()).isEqualTo(Duration.ofHours(1));

    assertThat(options.resolve(DEPLOYMENTS, "b").labels()).isEqualTo(LabelSelector.parse("level=default"));
  }

  @Test
  void withNothingSetThereAreNoSelectorsNoTransformDeepCopyAndTheBaseResync() {
    ResolvedConfig config = CacheOptions.defaults().resolve(PODS, "");
    assertThat(config.labels().isEverything()).isTrue();
    assertThat(config.fields().isEverything()).isTrue();
    assertThat(config.transform()).isNull();
    assertThat(config.unsafeDisableDeepCopy()).isFalse();
    assertThat(config.syncPeriod()).isNull();
  }

  @Test
  void aTypeIsCachedInItsOwnNamespacesElseTheCachesElseEverywhere() {
    assertThat(options.namespacesOf(PODS, Scope.NAMESPACED)).containsExactly("a", "c");
    assertThat(options.namespacesOf(DEPLOYMENTS, Scope.NAMESPACED)).containsExactly("a", "b");
    assertThat(options.namespacesOf(NODES, Scope.CLUSTER)).containsExactly("");
    assertThat(CacheOptions.defaults().namespacesOf(PODS, Scope.NAMESPACED)).containsExactly("");
    assertThat(options.allNamespaces()).containsExactly("", "a", "b", "c");
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
  void aNegativeSyncPeriodIsRejected() {
    assertThatThrownBy(() -> CacheConfig.empty().withSyncPeriod(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("PT-1S");
  }

  @Test
  void orElseFillsOnlyUnsetComponents() {
    UnaryOperator<Object> strip = o -> o;
    CacheConfig merged = labels("a=1").orElse(new CacheConfig(LabelSelector.parse("b=2"), FieldSelector.parse("f=v"),
        strip, false, Duration.ofSeconds(5)));
    assertThat(merged).isEqualTo(new CacheConfig(LabelSelector.parse("a=1"), FieldSelector.parse("f=v"), strip, false,
        Duration.ofSeconds(5)));
    assertThat(merged.orElse(null)).isSameAs(merged);
  }

  @Test
  void namespacesAreKeptSorted() {
    assertThat(List.copyOf(options.namespaces().keySet())).containsExactly("a", "b");
    assertThat(List.copyOf(options.byType().get(PODS).namespaces().keySet())).containsExactly("a", "c");
  }
}

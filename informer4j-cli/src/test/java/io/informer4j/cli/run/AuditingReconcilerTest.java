package io.informer4j.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.controller.NamespaceFilter;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.reader.CacheNotStartedException;
import io.informer4j.reader.InformersMap;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class AuditingReconcilerTest {

  private static final TypeKey PODS = TypeKey.of("", "v1", "Pod");

  @Test
  void readsTheCacheAndCountsFoundAndGoneObjects() throws Exception {
    try (SimulatedApi api = SimulatedApi.builder().type(PODS, Scope.NAMESPACED).build();
         InformersMap cache = InformersMap.builder(api).build()) {
      ObjectType<SimObject> pods = api.type(PODS);
      api.create(PODS, SimObject.of("team-a", "web"));
      cache.informersOf(pods, false);
      cache.start();
      assertThat(cache.waitForCacheSync(Duration.ofSeconds(10))).isTrue();
      ReconcileStats stats = new ReconcileStats();
      AuditingReconciler reconciler = new AuditingReconciler(cache.reader(pods), stats);

      reconciler.reconcile(ObjectKey.of("team-a", "web"));
      reconciler.reconcile(ObjectKey.of("team-a", "gone"));
      reconciler.reconcile(ObjectKey.of("team-b", "web"));

      assertThat(stats.reconciles()).isEqualTo(3);
      assertThat(stats.found()).isEqualTo(1);
      assertThat(stats.gone()).isEqualTo(2);
      assertThat(stats.failures()).isZero();
    }
  }

  @Test
  void aFailedReadIsCountedAndRethrown() {
    try (SimulatedApi api = SimulatedApi.builder().type(PODS, Scope.NAMESPACED).build();
         InformersMap notStarted = InformersMap.builder(api).build()) {
      ReconcileStats stats = new ReconcileStats();
      AuditingReconciler reconciler = new AuditingReconciler(notStarted.reader(api.type(PODS)), stats);

      assertThatThrownBy(() -> reconciler.reconcile(ObjectKey.of("team-a", "web"))).isInstanceOf(CacheNotStartedException.class);
      assertThat(stats.failures()).isEqualTo(1);
      assertThat(stats.reconciles()).isZero();
    }
  }

  @Test
  void setupNamesTheTier() {
    ObjectType<SimObject> pods = ObjectType.of(PODS, SimObject.class, SimObject.ADAPTER);
    assertThat(new WatchedType(pods, "Pod", NamespaceFilter.allowing("shop")).setup()).isEqualTo("tier 1 (shop)");
    assertThat(new WatchedType(pods, "Pod", NamespaceFilter.allowing("a", "b")).setup()).startsWith("tier 2 (");
    assertThat(new WatchedType(pods, "Pod", NamespaceFilter.of(List.of("team-*"), List.of("team-g")),
        LabelSelector.parse("app=web")).setup()).startsWith("tier 2 (");
    assertThat(new WatchedType(pods, "Pod", NamespaceFilter.none()).setup()).isEqualTo("all namespaces");
  }
}

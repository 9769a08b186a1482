package io.informer4j.testkit;

import static io.informer4j.testkit.Listing.NODES;
import static io.informer4j.testkit.Listing.PODS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.TypeNotFoundException;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SimulatedApiWritesTest {

  private final SimulatedApi api = SimulatedApi.builder().type(PODS, Scope.NAMESPACED).type(NODES, Scope.CLUSTER).build();

  @AfterEach
  void close() {
    api.close();
  }

  @Test
  void everyWriteOfEveryTypeBumpsOneGlobalResourceVersion() {
    assertThat(api.currentResourceVersion()).isEqualTo("1");

    SimObject pod = api.create(PODS, SimObject.of("shop", "web-1"));
    SimObject node = api.create(NODES, SimObject.of("", "node-1"));
    SimObject updated = api.update(PODS, pod.withLabel("app", "web"));
    SimObject deleted = api.delete(NODES, "", "node-1");

    assertThat(pod.resourceVersion()).isEqualTo("2");
    assertThat(node.resourceVersion()).isEqualTo("3");
    assertThat(updated.resourceVersion()).isEqualTo("4");
    assertThat(deleted.resourceVersion()).isEqualTo("5");
    assertThat(api.currentResourceVersion()).isEqualTo("5");
  }

  @Test
  void theServerSetsTheUidWhichSurvivesUpdatesButNotRecreation() {
    SimObject created = api.create(PODS, SimObject.of("shop", "web-1").withUid("client-chosen"));
    SimObject updated = api.update(PODS, SimObject.of("shop", "web-1").withLabel("app", "web"));
    api.delete(PODS, "shop", "web-1");
    SimObject recreated = api.create(PODS, SimObject.of("shop", "web-1"));

    assertThat(created.uid()).isNotEmpty().isNotEqualTo("client-chosen");
    assertThat(updated.uid()).isEqualTo(created.uid());
    assertThat(recreated.uid()).isNotEqualTo(created.uid());
  }

  @Test
  void createOfAnExistingObjectAndUpdateOrDeleteOfAMissingOneAreRejected() {
    api.create(PODS, SimObject.of("shop", "web-1"));

    assertThatThrownBy(() -> api.create(PODS, SimObject.of("shop", "web-1")))
        .isInstanceOfSatisfying(WriteRejectedException.class, e -> {
          assertThat(e.reason()).isEqualTo(WriteRejectedException.Reason.ALREADY_EXISTS);
          assertThat(e.reason().statusCode()).isEqualTo(409);
        });
    assertThatThrownBy(() -> api.update(PODS, SimObject.of("shop", "web-2")))
        .isInstanceOfSatisfying(WriteRejectedException.class,
            e -> assertThat(e.reason()).isEqualTo(WriteRejectedException.Reason.NOT_FOUND));
    assertThatThrownBy(() -> api.delete(PODS, "shop", "web-2"))
        .isInstanceOfSatisfying(WriteRejectedException.class, e -> assertThat(e.reason().statusCode()).isEqualTo(404));
    assertThat(api.currentResourceVersion()).isEqualTo("2");
  }

  @Test
  void anUpdateWithAStaleResourceVersionOrAnotherUidConflicts() {
    SimObject first = api.create(PODS, SimObject.of("shop", "web-1"));
    SimObject second = api.update(PODS, first.withLabel("app", "web"));

    assertThatThrownBy(() -> api.update(PODS, first.withLabel("app", "db")))
        .isInstanceOfSatisfying(WriteRejectedException.class,
            e -> assertThat(e.reason()).isEqualTo(WriteRejectedException.Reason.CONFLICT));
    assertThatThrownBy(() -> api.update(PODS, second.withUid("another-incarnation").withLabel("app", "db")))
        .isInstanceOfSatisfying(WriteRejectedException.class,
            e -> assertThat(e.reason()).isEqualTo(WriteRejectedException.Reason.CONFLICT));
    assertThat(api.get(PODS, "shop", "web-1")).hasValueSatisfying(pod -> assertThat(pod.labels()).containsEntry("app", "web"));
  }

  @Test
  void anUpdateThatChangesNothingIsANoOp() {
    SimObject created = api.create(PODS, SimObject.of("shop", "web-1").withLabel("app", "web"));

    SimObject same = api.update(PODS, SimObject.of("shop", "web-1").withLabel("app", "web"));
    SimObject upserted = api.upsert(PODS, SimObject.of("shop", "web-1").withLabel("app", "web"));

    assertThat(same).isEqualTo(created);
    assertThat(upserted).isEqualTo(created);
    assertThat(api.currentResourceVersion()).isEqualTo(created.resourceVersion());
  }

  @Test
  void upsertCreatesOrReplacesIgnoringTheVersionItCarries() {
    SimObject created = api.upsert(PODS, SimObject.of("shop", "web-1").withResourceVersion("999"));
    SimObject replaced = api.upsert(PODS, SimObject.of("shop", "web-1").withLabel("app", "web").withResourceVersion("1"));

    assertThat(created.resourceVersion()).isEqualTo("2");
    assertThat(replaced.resourceVersion()).isEqualTo("3");
    assertThat(replaced.uid()).isEqualTo(created.uid());
    assertThat(replaced.labels()).containsEntry("app", "web");
  }

  @Test
  void deleteReturnsTheLastStateWithTheDeletionsVersion() {
    api.create(PODS, SimObject.of("shop", "web-1").withLabel("app", "web"));

    SimObject last = api.delete(PODS, "shop", "web-1");

    assertThat(last.labels()).containsEntry("app", "web");
    assertThat(last.resourceVersion()).isEqualTo(api.currentResourceVersion());
    assertThat(api.get(PODS, "shop", "web-1")).isEmpty();
  }

  @Test
  void objectsMustFitTheScopeOfTheirTypeAndHaveAName() {
    assertThatThrownBy(() -> api.create(PODS, SimObject.of("", "web-1")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NAMESPACED");
    assertThatThrownBy(() -> api.create(NODES, SimObject.of("shop", "node-1")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("CLUSTER");
    assertThatThrownBy(() -> api.create(PODS, SimObject.of("shop", "")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("name");
  }

  @Test
  void snapshotIsTheTruthByKeyInKeyOrder() {
    api.create(PODS, SimObject.of("b", "x"));
    api.create(PODS, SimObject.of("a", "y"));
    api.create(PODS, SimObject.of("a", "x"));
    api.delete(PODS, "b", "x");

    Map<String, SimObject> truth = api.snapshot(PODS);

    assertThat(truth.keySet()).containsExactly("a/x", "a/y");
    assertThat(truth.get("a/y")).isEqualTo(api.get(PODS, "a", "y").orElseThrow());
    assertThatThrownBy(() -> truth.clear()).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void typesAreInstalledAndUninstalledAtRuntime() {
    TypeKey widgets = TypeKey.of("example.com", "v1", "Widget");
    assertThat(api.isInstalled(widgets)).isFalse();
    assertThatThrownBy(() -> api.create(widgets, SimObject.of("shop", "w"))).isInstanceOf(TypeNotFoundException.class);

    api.install(widgets, Scope.NAMESPACED).install(widgets, Scope.NAMESPACED);
    api.create(widgets, SimObject.of("shop", "w"));
    assertThatThrownBy(() -> api.install(widgets, Scope.CLUSTER)).isInstanceOf(IllegalArgumentException.class);
    String beforeUninstall = api.currentResourceVersion();

    assertThat(api.uninstall(widgets)).isTrue();
    assertThat(api.uninstall(widgets)).isFalse();
    assertThat(api.isInstalled(widgets)).isFalse();
    assertThat(Long.parseLong(api.currentResourceVersion())).as("the object's deletion is a write")
        .isEqualTo(Long.parseLong(beforeUninstall) + 1);
    assertThatThrownBy(() -> api.snapshot(widgets)).isInstanceOf(TypeNotFoundException.class);

    api.install(widgets, Scope.CLUSTER);
    assertThat(api.snapshot(widgets)).isEmpty();
  }
}

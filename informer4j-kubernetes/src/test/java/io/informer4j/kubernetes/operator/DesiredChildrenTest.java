package io.informer4j.kubernetes.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.reader.CacheReader;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Desired children on the test server: created, not written again while nothing changed (counted
 * on the server), drift taken back, a new intent applied, no longer desired ones deleted.
 */
class DesiredChildrenTest {

  private static final Duration WAIT = Duration.ofSeconds(30);

  private final OperatorFixture fx = new OperatorFixture();
  private final ObjectType<ConfigMap> configMaps = fx.backend.type(ConfigMap.class);
  private final Manager manager = Manager.builder(fx.backend).build();
  private final CacheReader<ConfigMap> cache = indexedReader();
  private final OperatorWrites writes = OperatorWrites.builder(fx.client).fieldManager("owner-controller").build();

  private CacheReader<ConfigMap> indexedReader() {
    OwnerIndex.register(manager.cache(), configMaps);
    return manager.cache().reader(configMaps);
  }

  @AfterEach
  void close() {
    manager.close();
    fx.close();
  }

  private static ConfigMap page(String name, String text) {
    return new ConfigMapBuilder().withNewMetadata().withName(name).endMetadata().addToData("page", text).build();
  }

  private static List<ChildOutcome.Action> actions(List<ChildOutcome> outcomes) {
    return outcomes.stream().map(ChildOutcome::action).toList();
  }

  private void awaitCached(List<ChildOutcome> outcomes) {
    for (ChildOutcome outcome : outcomes) {
      String version = outcome.object().getMetadata().getResourceVersion();
      await().atMost(WAIT).until(() -> cache.find(outcome.key())
          .map(c -> c.getMetadata().getResourceVersion().equals(version)).orElse(false));
    }
  }

  @Test
  void appliesWhatChangedSkipsWhatDidNotAndDeletesWhatIsNoLongerWanted() {
    manager.start();
    Deployment owner = fx.deployment("shop", "web");
    DesiredChildren children = DesiredChildren.builder(writes).owns(ConfigMap.class, cache).build();

    List<ChildOutcome> created = children.reconcile(owner, List.of(page("a", "one"), page("b", "two")));

    assertThat(actions(created)).containsExactly(ChildOutcome.Action.CREATED, ChildOutcome.Action.CREATED);
    ConfigMap a = fx.client.configMaps().inNamespace("shop").withName("a").get();
    assertThat(a.getMetadata().getOwnerReferences()).singleElement().satisfies(reference -> {
      assertThat(reference.getUid()).isEqualTo(owner.getMetadata().getUid());
      assertThat(reference.getController()).isTrue();
    });
    assertThat(a.getMetadata().getManagedFields()).extracting(e -> e.getManager() + " " + e.getOperation())
        .containsExactly("owner-controller Apply");
    awaitCached(created);

    fx.server.clearRequests();
    List<ChildOutcome> again = children.reconcile(owner, List.of(page("a", "one"), page("b", "two")));
    assertThat(actions(again)).containsExactly(ChildOutcome.Action.SKIPPED, ChildOutcome.Action.SKIPPED);
    assertThat(fx.writesTo("/configmaps/a") + fx.writesTo("/configmaps/b")).as("nothing written").isZero();
    assertThat(children.skipped()).isEqualTo(2);

    ConfigMap drifted = fx.client.configMaps().inNamespace("shop").withName("a")
        .edit(c -> new ConfigMapBuilder(c).addToData("page", "vandalised").build());
    await().atMost(WAIT).until(() -> cache.find(ObjectKey.of("shop", "a")).map(c -> c.getMetadata().getResourceVersion()
        .equals(drifted.getMetadata().getResourceVersion())).orElse(false));
    List<ChildOutcome> restored = children.reconcile(owner, List.of(page("a", "one"), page("b", "two")));
    assertThat(actions(restored)).containsExactly(ChildOutcome.Action.CHANGED, ChildOutcome.Action.SKIPPED);
    assertThat(fx.client.configMaps().inNamespace("shop").withName("a").get().getData()).containsEntry("page", "one");
    awaitCached(restored.subList(0, 1));

    List<ChildOutcome> pruned = children.reconcile(owner, List.of(page("a", "uno")));
    assertThat(pruned).extracting(o -> o.key().name() + " " + o.action()).containsExactly("a CHANGED", "b DELETED");
    assertThat(fx.client.configMaps().inNamespace("shop").withName("b").get()).isNull();
    assertThat(children.deleted()).isEqualTo(1);
  }

  @Test
  void refusesChildrenItDoesNotOwnAndOwnersNotReadFromTheServer() {
    manager.start();
    Deployment owner = fx.deployment("shop", "web");
    DesiredChildren children = DesiredChildren.builder(writes).owns(ConfigMap.class, cache).build();
    HasMetadata secret = new SecretBuilder().withNewMetadata().withName("s").endMetadata().build();

    assertThatThrownBy(() -> children.reconcile(owner, List.of(secret))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("which these children do not own");
    Deployment unread = fx.client.apps().deployments().inNamespace("shop").withName("web").get();
    unread.getMetadata().setUid(null);
    assertThatThrownBy(() -> children.reconcile(unread, List.of(page("a", "x")))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("has no uid");
  }
}

package io.informer4j.kubernetes.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.informer4j.controller.KeyMapper;
import io.informer4j.controller.Result;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.reader.CacheReader;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Controller owner references, the owner mapping, the owner index, and garbage collection of children. */
class OwnersTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  private final OperatorFixture fx = new OperatorFixture();

  @AfterEach
  void close() {
    fx.close();
  }

  private static ConfigMap child(String namespace, String name) {
    return new ConfigMapBuilder().withNewMetadata().withNamespace(namespace).withName(name).endMetadata().build();
  }

  @Test
  void setsOneControllerReferenceThatBlocksOwnerDeletion() {
    Deployment web = fx.deployment("shop", "web");
    ConfigMap child = child("shop", "web-config");

    Owners.setControllerReference(web, child);
    Owners.setControllerReference(web, child);

    assertThat(child.getMetadata().getOwnerReferences()).singleElement().satisfies(reference -> {
      assertThat(reference.getApiVersion()).isEqualTo("apps/v1");
      assertThat(reference.getKind()).isEqualTo("Deployment");
      assertThat(reference.getName()).isEqualTo("web");
      assertThat(reference.getUid()).isEqualTo(web.getMetadata().getUid());
      assertThat(reference.getController()).isTrue();
      assertThat(reference.getBlockOwnerDeletion()).isTrue();
    });
  }

  @Test
  void keepsOtherOwnersButRefusesASecondController() {
    Deployment web = fx.deployment("shop", "web");
    Deployment api = fx.deployment("shop", "api");
    ConfigMap child = child("shop", "shared");
    OwnerReference plainOwner = new OwnerReferenceBuilder().withApiVersion("v1").withKind("ConfigMap").withName("x")
        .withUid("uid-x").build();
    child.getMetadata().setOwnerReferences(List.of(plainOwner));

    Owners.setControllerReference(web, child);

    assertThat(child.getMetadata().getOwnerReferences()).hasSize(2).contains(plainOwner);
    assertThatThrownBy(() -> Owners.setControllerReference(api, child)).isInstanceOf(AlreadyOwnedException.class)
        .hasMessageContaining("Deployment web").hasMessageContaining("Deployment api");
  }

  @Test
  void refusesOwnersTheGarbageCollectorWouldNotHonour() {
    Deployment web = fx.deployment("shop", "web");

    assertThatThrownBy(() -> Owners.setControllerReference(web, child("bank", "c")))
        .isInstanceOf(InvalidOwnerException.class).hasMessageContaining("cannot cross namespaces")
        .hasMessageContaining("shop").hasMessageContaining("bank");
    Namespace clusterScoped = new NamespaceBuilder().withNewMetadata().withName("team").endMetadata().build();
    assertThatThrownBy(() -> Owners.setControllerReference(web, clusterScoped))
        .isInstanceOf(InvalidOwnerException.class).hasMessageContaining("cluster-scoped");
    assertThatThrownBy(() -> Owners.setControllerReference(web, child(null, "c")))
        .isInstanceOf(InvalidOwnerException.class).hasMessageContaining("has no namespace yet");
    Deployment unsaved = fx.writes.copy(web);
    unsaved.getMetadata().setUid(null);
    assertThatThrownBy(() -> Owners.setControllerReference(unsaved, child("shop", "c")))
        .isInstanceOf(InvalidOwnerException.class).hasMessageContaining("uid");
  }

  @Test
  void theOwnerMappingFollowsOnlyControllersOfTheOwnersGroupAndKind() {
    ObjectType<Deployment> deployments = fx.backend.type(Deployment.class);
    KeyMapper<ConfigMap> mapper = Owners.forOwner(deployments);
    Deployment web = fx.deployment("shop", "web");
    ConfigMap owned = Owners.setControllerReference(web, child("shop", "owned"));
    ConfigMap notControlled = child("shop", "plain");
    notControlled.getMetadata().setOwnerReferences(List.of(new OwnerReferenceBuilder().withApiVersion("apps/v1")
        .withKind("Deployment").withName("web").withUid("u").build()));
    ConfigMap otherGroup = child("shop", "other");
    otherGroup.getMetadata().setOwnerReferences(List.of(new OwnerReferenceBuilder().withApiVersion("example.com/v1")
        .withKind("Deployment").withName("web").withUid("u").withController(true).build()));

    assertThat(mapper.keys(owned)).containsExactly(ObjectKey.of("shop", "web"));
    assertThat(mapper.keys(notControlled)).isEmpty();
    assertThat(mapper.keys(otherGroup)).isEmpty();
    assertThat(mapper.keys(child("shop", "orphan"))).isEmpty();
    assertThat(Owners.<ConfigMap>forOwner(deployments, Scope.CLUSTER).keys(owned))
        .containsExactly(ObjectKey.clusterScoped("web"));
    assertThatThrownBy(() -> Owners.forOwner(fx.backend.dynamic(TypeKey.of("example.com", "v1", "Website"))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("forOwner(ownerType, scope)");
  }

  @Test
  void aChangedChildReconcilesItsOwnerChildrenAreAnIndexedReadAndGoWithTheirOwner() throws Exception {
    ObjectType<Deployment> deployments = fx.backend.type(Deployment.class);
    ObjectType<ConfigMap> configMaps = fx.backend.type(ConfigMap.class);
    Set<ObjectKey> reconciled = ConcurrentHashMap.newKeySet();
    try (Manager manager = Manager.builder(fx.backend).build()) {
      OwnerIndex.register(manager.cache(), configMaps);
      CacheReader<ConfigMap> children = manager.cache().reader(configMaps);
      manager.controller("deployments", deployments).watches(configMaps, Owners.forOwner(deployments))
          .reconcile(key -> {
            reconciled.add(key);
            return Result.done();
          });
      manager.start();
      Deployment web = fx.deployment("shop", "web");
      Deployment api = fx.deployment("shop", "api");
      ConfigMap first = fx.writes.create(Owners.setControllerReference(web, child("shop", "web-1")));
      fx.writes.create(Owners.setControllerReference(web, child("shop", "web-2")));
      fx.writes.create(Owners.setControllerReference(api, child("shop", "api-1")));
      fx.configMap("shop", "unowned");
      await().atMost(WAIT).until(() -> reconciled.containsAll(Set.of(ObjectKey.of("shop", "web"),
          ObjectKey.of("shop", "api"))));
      await().atMost(WAIT).until(() -> children.list(io.informer4j.reader.ListOptions.inNamespace("shop")).items()
          .size() == 4);

      assertThat(OwnerIndex.childrenOf(children, web)).extracting(c -> c.getMetadata().getName())
          .containsExactly("web-1", "web-2");
      assertThat(OwnerIndex.childrenOf(children, api)).extracting(c -> c.getMetadata().getName())
          .containsExactly("api-1");

      reconciled.clear();
      first.setData(Map.of("changed", "yes"));
      fx.writes.update(first);
      await().atMost(WAIT).until(() -> reconciled.contains(ObjectKey.of("shop", "web")));

      fx.client.resource(web).delete();
      await().atMost(WAIT).until(() -> fx.client.configMaps().inNamespace("shop").list().getItems().stream()
          .map(c -> c.getMetadata().getName()).sorted().toList().equals(List.of("api-1", "unowned")));
      await().atMost(WAIT).until(() -> OwnerIndex.childrenOf(children, web).isEmpty());
      assertThat(OwnerIndex.childrenOf(children, api)).hasSize(1);
    }
  }
}

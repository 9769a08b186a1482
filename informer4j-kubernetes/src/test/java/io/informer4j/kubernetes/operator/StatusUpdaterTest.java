package io.informer4j.kubernetes.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentStatus;
import io.informer4j.kubernetes.testserver.ResourceType;
import io.informer4j.manager.WrittenObject;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.reader.CacheReader;
import io.informer4j.reader.InformersMap;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Status writes through the subresource: preconditions, conflict retries, no-op skips, typed errors. */
class StatusUpdaterTest {

  private static final String STATUS_PATH = "/apis/apps/v1/namespaces/shop/deployments/web/status";

  private final OperatorFixture fx = new OperatorFixture();
  private final StatusUpdater statuses = StatusUpdater.builder(fx.writes).build();

  @AfterEach
  void close() {
    fx.close();
  }

  private static Consumer<Deployment> readyReplicas(int ready) {
    return d -> d.setStatus(new DeploymentStatus(null, null, null, null, ready, null, null, null, null));
  }

  private int storedReadyReplicas() {
    DeploymentStatus status = fx.client.apps().deployments().inNamespace("shop").withName("web").get().getStatus();
    return status == null || status.getReadyReplicas() == null ? -1 : status.getReadyReplicas();
  }

  @Test
  void writesTheStatusWithTheObjectsResourceVersion() {
    Deployment web = fx.deployment("shop", "web");

    Deployment written = statuses.update(web, null, readyReplicas(2));

    assertThat(storedReadyReplicas()).isEqualTo(2);
    assertThat(written.getMetadata().getResourceVersion()).isNotEqualTo(web.getMetadata().getResourceVersion());
    assertThat(fx.written).extracting(WrittenObject::resourceVersion)
        .containsExactly(written.getMetadata().getResourceVersion());
    assertThat(statuses.writes()).isEqualTo(1);
  }

  @Test
  void aConflictIsRetriedAndSucceeds() {
    Deployment web = fx.deployment("shop", "web");
    fx.server.failNextWrites(1, 409, "Operation cannot be fulfilled: the object has been modified");
    fx.server.clearRequests();

    statuses.update(web, null, readyReplicas(3));

    assertThat(storedReadyReplicas()).isEqualTo(3);
    assertThat(statuses.conflicts()).isEqualTo(1);
    assertThat(fx.writesTo(STATUS_PATH)).isEqualTo(2);
  }

  @Test
  void aConcurrentChangeIsReReadAndTheChangeAppliedToIt() {
    Deployment web = fx.deployment("shop", "web");
    AtomicInteger calls = new AtomicInteger();

    statuses.update(web, null, d -> {
      if (calls.incrementAndGet() == 1) {
        Deployment other = fx.writes.copy(web);
        other.getMetadata().setLabels(java.util.Map.of("changed", "by-another-writer"));
        fx.client.resource(other).update();
      }
      readyReplicas(4).accept(d);
    });

    Deployment stored = fx.client.apps().deployments().inNamespace("shop").withName("web").get();
    assertThat(calls).hasValue(2);
    assertThat(stored.getStatus().getReadyReplicas()).isEqualTo(4);
    assertThat(stored.getMetadata().getLabels()).containsEntry("changed", "by-another-writer");
  }

  @Test
  void afterAConflictTheCacheIsReadFirstWhenItHoldsANewerVersion() throws Exception {
    Deployment web = fx.deployment("shop", "web");
    Deployment changed = fx.writes.copy(web);
    changed.getMetadata().setLabels(java.util.Map.of("v", "2"));
    String newer = fx.client.resource(changed).update().getMetadata().getResourceVersion();
    try (InformersMap cache = InformersMap.builder(fx.backend).build()) {
      CacheReader<Deployment> deployments = cache.reader(fx.backend.type(Deployment.class));
      cache.start();
      await().atMost(Duration.ofSeconds(60)).until(() -> deployments.find(ObjectKey.of("shop", "web"))
          .map(d -> d.getMetadata().getResourceVersion().equals(newer)).orElse(false));
      fx.server.clearRequests();

      statuses.update(web, deployments, readyReplicas(5));
    }

    assertThat(fx.readsOf("/apis/apps/v1/namespaces/shop/deployments/web")).as("no server read: the cache was newer")
        .isZero();
    assertThat(fx.writesTo(STATUS_PATH)).isEqualTo(2);
    assertThat(storedReadyReplicas()).isEqualTo(5);
  }

  @Test
  void conflictsWithoutEndGiveUpAfterTheBound() {
    Deployment web = fx.deployment("shop", "web");
    fx.server.failNextWrites(3, 409, "conflict");
    StatusUpdater threeAttempts = StatusUpdater.builder(fx.writes).maxAttempts(3).build();

    assertThatThrownBy(() -> threeAttempts.update(web, null, readyReplicas(1)))
        .isInstanceOfSatisfying(ConflictRetriesExhaustedException.class, e -> {
          assertThat(e.attempts()).isEqualTo(3);
          assertThat(e.getCause()).isInstanceOf(WriteConflictException.class);
          assertThat(e.getMessage()).contains("shop/web");
        });
    assertThat(storedReadyReplicas()).isEqualTo(-1);
  }

  @Test
  void anUnchangedStatusIsNotSent() {
    Deployment web = statuses.update(fx.deployment("shop", "web"), null, readyReplicas(2));
    fx.server.clearRequests();

    Deployment same = statuses.update(web, null, readyReplicas(2));

    assertThat(same).isEqualTo(web);
    assertThat(statuses.noOpWrites()).isEqualTo(1);
    assertThat(fx.server.requests().stream().filter(r -> r.isWrite()).count()).isZero();
  }

  @Test
  void aResourceWithoutStatusSubresourceIsATypedError() {
    TypeKey widgetType = TypeKey.of("example.com", "v1", "Widget");
    fx.server.serve(ResourceType.of(widgetType, "widgets", Scope.NAMESPACED));
    GenericKubernetesResource widget = new GenericKubernetesResource();
    widget.setApiVersion("example.com/v1");
    widget.setKind("Widget");
    widget.setMetadata(new ObjectMetaBuilder().withNamespace("shop").withName("w1").build());
    GenericKubernetesResource stored = fx.client.resource(widget).create();

    assertThatThrownBy(() -> statuses.update(stored, null, w -> w.setAdditionalProperty("status", Map.of("phase", "Ready"))))
        .isInstanceOfSatisfying(NoStatusSubresourceException.class, e -> {
          assertThat(e.type()).isEqualTo(widgetType);
          assertThat(e.key()).isEqualTo(ObjectKey.of("shop", "w1"));
          assertThat(e.getMessage()).contains("Kind=Widget has no status subresource");
        });
    ConfigMap settings = fx.configMap("shop", "settings");
    assertThatThrownBy(() -> fx.writes.updateStatus(settings))
        .isInstanceOfSatisfying(NoStatusSubresourceException.class, e -> {
          assertThat(e.type().kind()).isEqualTo("ConfigMap");
          assertThat(e.getMessage()).contains("ConfigMap", "has no status subresource", "shop/settings");
        });
  }

  @Test
  void aStatusTheServerRefusesIsATypedErrorWithItsMessage() {
    Deployment web = fx.deployment("shop", "web");
    fx.server.failNextWrites(1, 422, "Deployment.apps \"web\" is invalid: status.readyReplicas: must be >= 0");

    assertThatThrownBy(() -> statuses.update(web, null, readyReplicas(-1)))
        .isInstanceOfSatisfying(InvalidObjectException.class, e -> {
          assertThat(e.statusCode()).isEqualTo(422);
          assertThat(e.getMessage()).contains("status.readyReplicas: must be >= 0", "shop/web");
        });
  }

  @Test
  void aDeletedObjectEndsTheRetries() {
    Deployment web = fx.deployment("shop", "web");
    fx.client.resource(web).delete();
    await().atMost(Duration.ofSeconds(60)).until(() ->
        fx.client.apps().deployments().inNamespace("shop").withName("web").get() == null);
    fx.server.failNextWrites(1, 409, "conflict");

    assertThatThrownBy(() -> statuses.update(web, null, readyReplicas(1)))
        .isInstanceOfSatisfying(ApiWriteException.class, e -> {
          assertThat(e.statusCode()).isEqualTo(404);
          assertThat(e.getMessage()).contains("deleted");
        });
  }
}

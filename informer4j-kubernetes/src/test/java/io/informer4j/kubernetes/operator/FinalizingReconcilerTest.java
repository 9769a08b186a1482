package io.informer4j.kubernetes.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.controller.Result;
import io.informer4j.manager.WrittenObject;
import io.informer4j.meta.ObjectKey;
import io.informer4j.reader.CacheReader;
import io.informer4j.reader.InformersMap;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Finalizers: added before the first reconcile, removed only after a successful cleanup. */
class FinalizingReconcilerTest {

  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final String FINALIZER = "example.com/cleanup";
  private static final ObjectKey KEY = ObjectKey.of("shop", "settings");

  private final OperatorFixture fx = new OperatorFixture();
  private final InformersMap cache = InformersMap.builder(fx.backend).build();
  private final CacheReader<ConfigMap> configMaps = cache.reader(fx.backend.type(ConfigMap.class));
  private final List<ConfigMap> reconciled = new CopyOnWriteArrayList<>();
  private final AtomicInteger cleanups = new AtomicInteger();

  @AfterEach
  void close() {
    cache.close();
    fx.close();
  }

  private FinalizingReconciler<ConfigMap> reconciler(FinalizingReconciler.Cleanup<ConfigMap> cleanup) {
    return FinalizingReconciler.builder(configMaps, fx.writes).finalizer(FINALIZER).reconcile(object -> {
      reconciled.add(object);
      return Result.done();
    }).cleanup(object -> {
      cleanups.incrementAndGet();
      return cleanup.cleanUp(object);
    }).build();
  }

  private ConfigMap stored() {
    return fx.client.configMaps().inNamespace("shop").withName("settings").get();
  }

  private void awaitCached(java.util.function.Predicate<ConfigMap> condition) {
    await().atMost(WAIT).until(() -> configMaps.find(KEY).map(condition::test).orElse(false));
  }

  private FinalizingReconciler<ConfigMap> withFinalizerAdded(FinalizingReconciler.Cleanup<ConfigMap> cleanup)
      throws Exception {
    fx.configMap("shop", "settings");
    cache.start();
    awaitCached(c -> true);
    FinalizingReconciler<ConfigMap> reconciler = reconciler(cleanup);
    assertThat(reconciler.reconcile(KEY)).isEqualTo(Result.done());
    return reconciler;
  }

  private void deleteAndAwaitDeletionInCache() {
    fx.client.configMaps().inNamespace("shop").withName("settings").delete();
    awaitCached(c -> c.getMetadata().getDeletionTimestamp() != null);
  }

  @Test
  void theFinalizerIsAddedBeforeTheFirstReconcile() throws Exception {
    withFinalizerAdded(object -> true);

    assertThat(reconciled).hasSize(1);
    assertThat(reconciled.get(0).getMetadata().getFinalizers()).containsExactly(FINALIZER);
    assertThat(stored().getMetadata().getFinalizers()).containsExactly(FINALIZER);
    assertThat(fx.written).extracting(WrittenObject::resourceVersion)
        .containsExactly(stored().getMetadata().getResourceVersion());
  }

  @Test
  void aDeletedObjectIsCleanedUpThenReleased() throws Exception {
    FinalizingReconciler<ConfigMap> reconciler = withFinalizerAdded(object -> true);
    awaitCached(c -> c.getMetadata().getFinalizers().contains(FINALIZER));
    deleteAndAwaitDeletionInCache();

    assertThat(reconciler.reconcile(KEY)).isEqualTo(Result.done());

    assertThat(cleanups).hasValue(1);
    assertThat(reconciler.cleanupsDone()).isEqualTo(1);
    await().atMost(WAIT).until(() -> stored() == null);
    assertThat(reconciled).hasSize(1);
  }

  @Test
  void aCleanupThatThrowsNeverRemovesTheFinalizer() throws Exception {
    FinalizingReconciler<ConfigMap> reconciler = withFinalizerAdded(object -> {
      throw new IllegalStateException("bucket unreachable");
    });
    awaitCached(c -> c.getMetadata().getFinalizers().contains(FINALIZER));
    deleteAndAwaitDeletionInCache();

    assertThatThrownBy(() -> reconciler.reconcile(KEY)).hasMessage("bucket unreachable");
    assertThatThrownBy(() -> reconciler.reconcile(KEY)).hasMessage("bucket unreachable");

    assertThat(cleanups).hasValue(2);
    assertThat(stored().getMetadata().getFinalizers()).containsExactly(FINALIZER);
    assertThat(stored().getMetadata().getDeletionTimestamp()).isNotNull();
    assertThat(reconciler.cleanupsDone()).isZero();
  }

  @Test
  void anIncompleteCleanupKeepsTheFinalizerAndRequeues() throws Exception {
    FinalizingReconciler<ConfigMap> reconciler = withFinalizerAdded(object -> false);
    awaitCached(c -> c.getMetadata().getFinalizers().contains(FINALIZER));
    deleteAndAwaitDeletionInCache();

    assertThat(reconciler.reconcile(KEY)).isEqualTo(Result.requeue());

    assertThat(stored().getMetadata().getFinalizers()).containsExactly(FINALIZER);
  }

  @Test
  void aConflictWhileAddingTheFinalizerIsRetried() throws Exception {
    fx.configMap("shop", "settings");
    cache.start();
    awaitCached(c -> true);
    fx.server.failNextWrites(1, 409, "the object has been modified");
    FinalizingReconciler<ConfigMap> reconciler = reconciler(object -> true);

    reconciler.reconcile(KEY);

    assertThat(reconciler.conflicts()).isEqualTo(1);
    assertThat(stored().getMetadata().getFinalizers()).containsExactly(FINALIZER);
    assertThat(reconciled).hasSize(1);
  }

  @Test
  void aStaleCacheAfterTheFinalizerWasAddedIsNotAProblem() throws Exception {
    fx.configMap("shop", "settings");
    cache.start();
    awaitCached(c -> true);
    FinalizingReconciler<ConfigMap> reconciler = reconciler(object -> true);
    fx.server.holdWatchEvents();
    try {
      reconciler.reconcile(KEY);
      reconciler.reconcile(KEY);
    } finally {
      fx.server.releaseWatchEvents();
    }

    assertThat(reconciler.conflicts()).as("the second add met the first on the server").isEqualTo(1);
    assertThat(stored().getMetadata().getFinalizers()).containsExactly(FINALIZER);
    assertThat(reconciled).hasSize(2);
  }

  @Test
  void aGoneObjectNeedsNothing() throws Exception {
    cache.start();
    assertThat(reconciler(object -> true).reconcile(KEY)).isEqualTo(Result.done());
    assertThat(fx.written).isEmpty();
  }

  @Test
  void aFinalizerNameMustBeDomainQualified() {
    for (String bad : List.of("cleanup", "Example.com/cleanup", "example.com/", "/cleanup", "example.com/-x",
        "example..com/x", "example.com/" + "x".repeat(64))) {
      assertThatThrownBy(() -> FinalizingReconciler.builder(configMaps, fx.writes).finalizer(bad), bad)
          .isInstanceOf(InvalidFinalizerNameException.class).hasMessageContaining("'" + bad + "'");
    }
    assertThat(new FinalizerName("example.com/cleanup_v2.1").value()).isEqualTo("example.com/cleanup_v2.1");
  }
}

package io.informer4j.kubernetes.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.informer4j.controller.Controller;
import io.informer4j.controller.Result;
import io.informer4j.manager.ControllerBuilder;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.reader.CacheReader;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * On the Kubernetes test server, the writes and Event recorder built for a controller belong to its
 * manager: closed with it (no thread left, no event left waiting, a later write refused with a typed
 * error); their writes are recorded for read-your-writes with no wiring; a write of a reconciled
 * object through the raw client is counted as unrecorded.
 */
class ManagerOwnedWritesTest {

  private static final ObjectKey SETTINGS = ObjectKey.of("shop", "settings");

  private final OperatorFixture fx = new OperatorFixture();
  private final ObjectType<ConfigMap> configMaps = fx.backend.type(ConfigMap.class);
  private final Manager manager = Manager.builder(fx.backend).stopTimeout(Duration.ofSeconds(10)).build();
  private final ControllerBuilder<ConfigMap> controller = manager.controller("settings", configMaps);
  private final CacheReader<ConfigMap> cache = manager.cache().reader(configMaps);
  private final List<String> reads = new CopyOnWriteArrayList<>();

  @AfterEach
  void close() {
    manager.close();
    fx.close();
  }

  /** Returns the names of the live threads of the library, but the test server's. */
  private static Set<String> informer4jThreads() {
    return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
        .filter(name -> name.startsWith("informer4j-") && !name.startsWith("informer4j-simulated-api"))
        .collect(Collectors.toSet());
  }

  /**
   * Registers a reconciler noting the resourceVersion each reconcile reads; the first reconcile
   * writes with {@code write} (given the object read, returning the version written) and queues the
   * key again at once.
   */
  private void reconcileWritingOnce(BiFunction<ConfigMap, String, String> write, List<String> written) {
    AtomicReference<Controller<ObjectKey>> self = new AtomicReference<>();
    self.set(controller.reconcile(key -> {
      ConfigMap read = cache.get(key);
      reads.add(read.getMetadata().getResourceVersion());
      if (reads.size() == 1) {
        ConfigMap changed = new ConfigMapBuilder(read).addToData("mode", "reconciled").build();
        written.add(write.apply(changed, read.getMetadata().getResourceVersion()));
        self.get().queue().add(key);
      }
      return Result.done();
    }));
  }

  @Test
  void theManagerClosesTheControllersWritesAndRecorderLeavingNoThreadAndNoEvent() throws Exception {
    fx.configMap("shop", "settings");
    Set<String> before = informer4jThreads();
    OperatorWrites writes = OperatorWrites.builder(fx.client).forController(controller).build();
    EventRecorder events = EventRecorder.builder(writes, "example.com/settings-controller").build();
    controller.reconcile(key -> {
      events.event(cache.get(key), EventType.NORMAL, "Seen", "Reconcile", "seen");
      return Result.done();
    });
    manager.start();
    await().until(() -> events.accepted() == 1);
    assertThat(informer4jThreads()).as("the recorder's thread runs").contains("informer4j-events-example.com/settings-controller");

    manager.close();

    assertThat(writes.isClosed()).isTrue();
    assertThat(events.written() + events.droppedClosed()).as("no event left waiting").isEqualTo(events.accepted());
    assertThat(events.written()).as("the event taken before the stop is written").isEqualTo(1);
    assertThat(informer4jThreads()).as("thread census after close").isSubsetOf(before);
    ConfigMap late = fx.client.configMaps().inNamespace("shop").withName("settings").get();
    assertThatThrownBy(() -> writes.update(late)).isInstanceOf(WritesClosedException.class)
        .hasMessageContaining("update of").hasMessageContaining("settings").hasMessageContaining("controller 'settings'");
    assertThat(events.event(late, EventType.NORMAL, "Late", "Reconcile", "after the stop")).isFalse();
    assertThat(events.droppedClosed()).isEqualTo(1);
  }

  @Test
  void writesThroughTheControllersWritesAreReadYourWritesWithNoWiring() {
    fx.configMap("shop", "settings");
    OperatorWrites writes = OperatorWrites.builder(fx.client).forController(controller).build();
    List<String> written = new CopyOnWriteArrayList<>();
    reconcileWritingOnce((changed, read) -> writes.update(changed).getMetadata().getResourceVersion(), written);
    manager.start();

    await().until(() -> reads.size() >= 2);
    assertThat(reads.get(1)).as("the reconcile after the write reads it").isEqualTo(written.get(0));
    assertThat(controller.ownWrites().recorded()).isEqualTo(1);
    assertThat(controller.ownWrites().unrecorded()).isZero();
  }

  @Test
  void aWriteOfTheReconciledObjectThroughTheRawClientIsCountedAsUnrecorded() {
    fx.configMap("shop", "settings");
    List<String> written = new CopyOnWriteArrayList<>();
    reconcileWritingOnce((changed, read) -> fx.client.resource(changed).update().getMetadata().getResourceVersion(),
        written);
    manager.start();

    await().until(() -> controller.ownWrites().unrecorded() == 1);
    assertThat(controller.ownWrites().recorded()).isZero();
    assertThat(manager.meterRegistry().get("informer4j_controller_read_your_writes_unrecorded_total")
        .tag("controller", "settings").functionCounter().count()).isEqualTo(1.0);
    assertThat(written).hasSize(1);
    await().until(() -> reads.contains(written.get(0)));
    assertThat(cache.get(SETTINGS).getData()).containsEntry("mode", "reconciled");
  }
}

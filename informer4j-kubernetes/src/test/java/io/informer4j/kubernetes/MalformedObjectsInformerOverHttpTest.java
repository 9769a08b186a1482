package io.informer4j.kubernetes;

import static io.informer4j.kubernetes.TestServerFixture.CONFIG_MAPS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.informer.EventHandler;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.kubernetes.testserver.UnbindableObjects;
import io.informer4j.testkit.SimObject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An informer over HTTP when the server sends objects that do not bind to the model: the backend
 * reports them with their key and event, and the informer keeps the cached version of an object
 * whose new version does not bind, marked stale (and goes on watching), and still applies the
 * delete of one whose last state does not bind.
 */
class MalformedObjectsInformerOverHttpTest {

  private static final Duration WAIT = Duration.ofSeconds(30);

  private final List<String> deletes = new CopyOnWriteArrayList<>();
  private TestServerFixture fixture;
  private SharedIndexInformer<ConfigMap> informer;

  @BeforeEach
  void start() {
    fixture = new TestServerFixture();
    fixture.api.upsert(CONFIG_MAPS.type(), configMap("ns", "bad", "1"));
    fixture.api.upsert(CONFIG_MAPS.type(), configMap("ns", "good", "1"));
    informer = Informers.configMaps(fixture.backend).watchList(false).build();
    informer.addEventHandler(new EventHandler<>() {
      @Override
      public void onDelete(ConfigMap lastState, boolean finalStateUnknown) {
        deletes.add(lastState.getMetadata().getNamespace() + "/" + lastState.getMetadata().getName());
      }
    });
    informer.start();
    assertThat(informer.synced()).succeedsWithin(WAIT);
  }

  @AfterEach
  void stop() {
    informer.stop();
    fixture.close();
  }

  @Test
  void anObjectWhoseNewVersionDoesNotBindKeepsItsCachedVersionAndTheWatchGoesOn() {
    String cached = informer.indexer().get("ns/bad").getMetadata().getResourceVersion();

    fixture.api.update(CONFIG_MAPS.type(), UnbindableObjects.withListForLabels(configMap("ns", "bad", "2")));
    await().atMost(WAIT).until(() -> informer.status().malformed() == 1);
    String later = fixture.api.upsert(CONFIG_MAPS.type(), configMap("ns", "good", "2")).resourceVersion();

    await().atMost(WAIT).until(() -> later.equals(informer.indexer().get("ns/good").getMetadata().getResourceVersion()));
    assertThat(informer.indexer().get("ns/bad").getMetadata().getResourceVersion()).isEqualTo(cached);
    assertThat(informer.status().staleObjects()).isEqualTo(1);
    assertThat(informer.status().staleKeys()).containsExactly("ns/bad");
    assertThat(deletes).isEmpty();
  }

  @Test
  void anObjectWhoseLastStateDoesNotBindIsStillDeleted() {
    fixture.api.update(CONFIG_MAPS.type(), UnbindableObjects.withListForLabels(configMap("ns", "bad", "2")));
    fixture.api.delete(CONFIG_MAPS.type(), "ns", "bad");

    await().atMost(WAIT).until(() -> informer.indexer().get("ns/bad") == null);
    assertThat(deletes).containsExactly("ns/bad");
    assertThat(informer.indexer().get("ns/good")).isNotNull();
    assertThat(informer.status().staleObjects()).isZero();
  }

  private static SimObject configMap(String namespace, String name, String value) {
    return SimObject.of(namespace, name).withContentAt("data.v", value);
  }
}

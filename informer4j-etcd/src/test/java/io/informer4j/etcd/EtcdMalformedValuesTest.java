package io.informer4j.etcd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.etcd.testing.EtcdServerExtension;
import io.informer4j.etcd.testing.EtcdWriter;
import io.informer4j.etcd.testing.RecordingHandler;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.InformerState;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.ObjectKey;
import io.informer4j.source.Selection;
import io.informer4j.source.SourceException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Values under a type's prefix that cannot be decoded, as an informer sees them: each is reported
 * with its key and event, so the informer keeps or drops that key (a delete whose last state cannot
 * be read reaches handlers as a tombstone) and never relists for it.
 */
class EtcdMalformedValuesTest {

  @RegisterExtension
  static final EtcdServerExtension ETCD = new EtcdServerExtension();
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final byte[] GARBAGE = "{not json".getBytes(StandardCharsets.UTF_8);

  private InformerRuntime runtime;
  private KeyLayout layout;
  private EtcdWriter writer;
  private EtcdListerWatcher<EtcdObject<Widget>> source;

  @BeforeEach
  void setUp() {
    runtime = InformerRuntime.create("etcd-malformed");
    layout = KeyLayout.namespaced(ETCD.newPrefix("widgets"));
    writer = new EtcdWriter(ETCD.client(), layout);
    source = EtcdListerWatcher.builder(ETCD.client(), layout, Widget.CODEC, Widget.ADAPTER).build();
  }

  @AfterEach
  void tearDown() throws InterruptedException {
    runtime.stop(Duration.ofSeconds(10));
  }

  @Test
  void garbagePutAndDeletedUnderThePrefixNeverMakesTheInformerRelistOrBackOff() {
    writer.putAll(EtcdInformerTest.widgets("ns", "w", 10));
    List<SourceException> failures = new CopyOnWriteArrayList<>();
    SharedIndexInformer<EtcdObject<Widget>> informer = SharedIndexInformer.builder(source, Widget.ADAPTER)
        .runtime(runtime).watchList(false).watchErrorHandler(failures::add).build();
    informer.start();
    await().atMost(WAIT).until(informer::hasSynced);

    for (int i = 0; i < 5; i++) {
      writer.putRaw(ObjectKey.of("ns", "junk"), GARBAGE);
      writer.delete("ns", "junk");
      writer.putKey(layout.prefix() + "/not-an-object", GARBAGE);
      String marker = "marker-" + i;
      writer.put("ns", marker, Widget.labelled(Map.of()));
      await().atMost(WAIT).until(() -> informer.indexer().get("ns/" + marker) != null);
    }

    assertThat(EtcdInformerTest.cache(informer)).isEqualTo(writer.truth());
    assertThat(informer.status().relists()).as("status %s", informer.status()).isZero();
    assertThat(informer.status().errors()).isZero();
    assertThat(informer.status().malformed()).isPositive();
    assertThat(failures).isEmpty();
    assertThat(informer.state()).isEqualTo(InformerState.WATCHING);
    informer.stop();
  }

  @Test
  void aCachedObjectOverwrittenWithGarbageIsKeptUntilItsDeleteRemovesIt() {
    writer.put("ns", "victim", Widget.labelled(Map.of()));
    SharedIndexInformer<EtcdObject<Widget>> informer = informer(Selection.all());
    RecordingHandler handler = new RecordingHandler();
    informer.addEventHandler(handler);
    informer.start();
    await().atMost(WAIT).until(informer::hasSynced);

    writer.putRaw(ObjectKey.of("ns", "victim"), GARBAGE);
    writer.put("ns", "marker", Widget.labelled(Map.of()));
    await().atMost(WAIT).until(() -> informer.indexer().get("ns/marker") != null);
    assertThat(informer.indexer().get("ns/victim")).isNotNull();
    assertThat(informer.status().staleKeys()).containsExactly("ns/victim");

    writer.delete("ns", "victim");
    await().atMost(WAIT).until(() -> informer.indexer().get("ns/victim") == null);
    assertThat(handler.events()).contains("delete ns/victim tombstone");
    assertThat(informer.status().staleObjects()).isZero();
    assertThat(informer.status().relists()).isZero();
  }

  @Test
  void withALabelSelectorAGarbageUpdateKeepsTheObjectAndLeavingTheSelectionAfterItRemovesIt() {
    writer.put("ns", "mover", Widget.labelled(Map.of("app", "web")));
    SharedIndexInformer<EtcdObject<Widget>> informer = informer(Selection.all().withLabels(LabelSelector.parse("app=web")));
    RecordingHandler handler = new RecordingHandler();
    informer.addEventHandler(handler);
    informer.start();
    await().atMost(WAIT).until(informer::hasSynced);

    writer.putRaw(ObjectKey.of("ns", "mover"), GARBAGE);
    writer.put("ns", "marker", Widget.labelled(Map.of("app", "web")));
    await().atMost(WAIT).until(() -> informer.indexer().get("ns/marker") != null);
    assertThat(informer.indexer().get("ns/mover")).isNotNull();
    assertThat(informer.status().staleKeys()).containsExactly("ns/mover");
    assertThat(handler.events()).noneMatch(event -> event.startsWith("delete ns/mover"));

    writer.put("ns", "mover", Widget.labelled(Map.of("app", "db")));
    await().atMost(WAIT).until(() -> informer.indexer().get("ns/mover") == null);
    assertThat(handler.events()).contains("delete ns/mover tombstone");
    assertThat(informer.status().staleObjects()).isZero();
    assertThat(informer.status().relists()).isZero();
  }

  private SharedIndexInformer<EtcdObject<Widget>> informer(Selection selection) {
    return SharedIndexInformer.builder(source, Widget.ADAPTER).runtime(runtime).selection(selection).watchList(false)
        .build();
  }
}

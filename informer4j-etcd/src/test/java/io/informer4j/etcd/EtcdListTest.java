package io.informer4j.etcd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.etcd.jetcd.Client;
import io.informer4j.etcd.testing.EtcdServerExtension;
import io.informer4j.etcd.testing.EtcdWriter;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.ObjectKey;
import io.informer4j.source.ExpiredException;
import io.informer4j.source.InvalidRequestException;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.ResourceVersionMatch;
import io.informer4j.source.Selection;
import io.informer4j.source.TooLargeResourceVersionException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Lists against a real etcd: revisions, paging, selection, bad values. */
class EtcdListTest {

  @RegisterExtension
  static final EtcdServerExtension ETCD = new EtcdServerExtension();

  private KeyLayout layout;
  private EtcdWriter writer;
  private EtcdListerWatcher<EtcdObject<Widget>> source;

  @BeforeEach
  void setUp() {
    layout = KeyLayout.namespaced(ETCD.newPrefix("widgets"));
    writer = new EtcdWriter(ETCD.client(), layout);
    source = EtcdListerWatcher.builder(ETCD.client(), layout, Widget.CODEC, Widget.ADAPTER).chunkSize(4).build();
  }

  @Test
  void listsEveryObjectWithItsModRevisionAsResourceVersion() {
    long first = writer.put("ns-a", "one", Widget.labelled(Map.of("app", "web")));
    long second = writer.put("ns-b", "two", Widget.labelled(Map.of("app", "db")));

    Listed listed = listAll(ListRequest.of(Selection.all(), ""));

    assertThat(listed.describe()).containsExactly("ns-a/one@" + first, "ns-b/two@" + second);
    assertThat(Long.parseLong(listed.page.resourceVersion())).isGreaterThanOrEqualTo(second);
    assertThat(listed.items.get(0).value().labels()).containsEntry("app", "web");
  }

  @Test
  void pagesAreReadAtTheFirstPagesRevisionAndContinueFromTheLastKey() {
    for (int i = 0; i < 10; i++) {
      writer.put("ns", String.format("w-%02d", i), Widget.labelled(Map.of()));
    }
    List<EtcdObject<Widget>> items = new ArrayList<>();
    ListRequest request = ListRequest.of(Selection.all(), "").withLimit(3);
    ListPage page = source.list(request, items::add);
    assertThat(page.remainingItemCount()).isEqualTo(7L);
    String revision = page.resourceVersion();
    writer.put("ns", "w-99", Widget.labelled(Map.of()));
    writer.delete("ns", "w-09");
    int pages = 1;
    while (page.hasMore()) {
      page = source.list(request.continueWith(page.continueToken()), items::add);
      assertThat(page.resourceVersion()).isEqualTo(revision);
      pages++;
    }

    assertThat(pages).isEqualTo(4);
    assertThat(items).extracting(EtcdObject::name)
        .containsExactly("w-00", "w-01", "w-02", "w-03", "w-04", "w-05", "w-06", "w-07", "w-08", "w-09");
  }

  @Test
  void exactReadsAnOldRevisionAndCompactionExpiresItAndContinueTokens() {
    long old = writer.put("ns", "a", Widget.labelled(Map.of("v", "1")));
    writer.put("ns", "b", Widget.labelled(Map.of()));
    writer.put("ns", "a", Widget.labelled(Map.of("v", "2")));

    Listed exact = listAll(ListRequest.of(Selection.all(), Long.toString(old)).withMatch(ResourceVersionMatch.EXACT));
    assertThat(exact.describe()).containsExactly("ns/a@" + old);

    ListPage first = source.list(ListRequest.of(Selection.all(), "").withLimit(1), item -> { });
    writer.put("ns", "c", Widget.labelled(Map.of()));
    writer.compact(writer.currentRevision());

    assertThatThrownBy(() -> listAll(ListRequest.of(Selection.all(), Long.toString(old)).withMatch(ResourceVersionMatch.EXACT)))
        .isInstanceOf(ExpiredException.class).hasMessageContaining(layout.prefix());
    assertThatThrownBy(() -> source.list(ListRequest.of(Selection.all(), "").withLimit(1).continueWith(first.continueToken()),
        item -> { })).isInstanceOf(ExpiredException.class);
  }

  @Test
  void aFutureRevisionIsTooLargeAndBadVersionsAndTokensAreInvalid() {
    long now = writer.put("ns", "a", Widget.labelled(Map.of()));
    String future = Long.toString(now + 1000);

    assertThatThrownBy(() -> listAll(ListRequest.of(Selection.all(), future)))
        .isInstanceOf(TooLargeResourceVersionException.class);
    assertThatThrownBy(() -> listAll(ListRequest.of(Selection.all(), future).withMatch(ResourceVersionMatch.EXACT)))
        .isInstanceOf(TooLargeResourceVersionException.class);
    assertThatThrownBy(() -> listAll(ListRequest.of(Selection.all(), "abc")))
        .isInstanceOf(InvalidRequestException.class).hasMessageContaining("abc");
    assertThatThrownBy(() -> listAll(ListRequest.of(Selection.all(), "0").withMatch(ResourceVersionMatch.EXACT)))
        .isInstanceOf(InvalidRequestException.class);
    assertThatThrownBy(() -> source.list(ListRequest.of(Selection.all(), "").withLimit(1).continueWith("not-a-token"), item -> { }))
        .isInstanceOf(InvalidRequestException.class);
    String otherNamespaceToken = source.list(ListRequest.of(Selection.inNamespace("zz"), "").withLimit(1), item -> { })
        .continueToken();
    assertThat(otherNamespaceToken).isNull();
  }

  @Test
  void notOlderThanReadsTheLatestState() {
    long first = writer.put("ns", "a", Widget.labelled(Map.of()));
    long second = writer.put("ns", "a", Widget.labelled(Map.of("v", "2")));

    Listed listed = listAll(ListRequest.of(Selection.all(), Long.toString(first)).withMatch(ResourceVersionMatch.NOT_OLDER_THAN));
    Listed legacy = listAll(ListRequest.of(Selection.all(), Long.toString(first)));
    Listed any = listAll(ListRequest.of(Selection.all(), "0"));

    assertThat(listed.describe()).containsExactly("ns/a@" + second);
    assertThat(legacy.describe()).containsExactly("ns/a@" + second);
    assertThat(any.describe()).containsExactly("ns/a@" + second);
  }

  @Test
  void namespaceLabelAndFieldSelectorsSelect() {
    writer.put("ns-a", "web", Widget.labelled(Map.of("app", "web")));
    writer.put("ns-a", "db", new Widget(Map.of("app", "db"), "red"));
    writer.put("ns-b", "web", Widget.labelled(Map.of("app", "web")));

    assertThat(listAll(ListRequest.of(Selection.inNamespace("ns-a"), "")).describeKeys()).containsExactly("ns-a/db", "ns-a/web");
    assertThat(listAll(ListRequest.of(Selection.all().withLabels(LabelSelector.parse("app=web")), "")).describeKeys())
        .containsExactly("ns-a/web", "ns-b/web");
    assertThat(listAll(ListRequest.of(Selection.all().withFields(FieldSelector.parse("spec.color=red")), "")).describeKeys())
        .containsExactly("ns-a/db");
    ListPage page = source.list(ListRequest.of(Selection.all().withLabels(LabelSelector.parse("app=web")), "").withLimit(1),
        item -> { });
    assertThat(page.remainingItemCount()).isNull();
  }

  @Test
  void clusterScopedLayoutListsNamesAndRejectsANamespace() {
    KeyLayout cluster = KeyLayout.clusterScoped(ETCD.newPrefix("nodes"));
    EtcdWriter clusterWriter = new EtcdWriter(ETCD.client(), cluster);
    clusterWriter.putRaw(ObjectKey.clusterScoped("node-1"), Widget.CODEC.encode(Widget.labelled(Map.of())));
    EtcdListerWatcher<EtcdObject<Widget>> nodes =
        EtcdListerWatcher.builder(ETCD.client(), cluster, Widget.CODEC, Widget.ADAPTER).build();

    List<EtcdObject<Widget>> items = new ArrayList<>();
    nodes.list(ListRequest.of(Selection.all(), ""), items::add);

    assertThat(items).extracting(EtcdObject::key).containsExactly("node-1");
    assertThat(items.get(0).namespace()).isEmpty();
    assertThatThrownBy(() -> nodes.list(ListRequest.of(Selection.inNamespace("ns"), ""), item -> { }))
        .isInstanceOf(InvalidRequestException.class).hasMessageContaining("cluster-scoped");
  }

  @Test
  void undecodableValuesAndForeignKeysAreReportedAndSkipped() {
    writer.put("ns", "good-1", Widget.labelled(Map.of()));
    writer.putRaw(ObjectKey.of("ns", "bad"), "{not json".getBytes(StandardCharsets.UTF_8));
    writer.putKey(layout.prefix() + "/too/many/segments", Widget.CODEC.encode(Widget.labelled(Map.of())));
    writer.putRaw(ObjectKey.of("ns", "null"), "null".getBytes(StandardCharsets.UTF_8));
    writer.put("ns", "good-2", Widget.labelled(Map.of()));

    Listed listed = listAll(ListRequest.of(Selection.all(), ""));

    assertThat(listed.describeKeys()).containsExactly("ns/good-1", "ns/good-2");
    assertThat(listed.problems).extracting(problem -> problem.key().map(ObjectKey::toString).orElse("unknown"))
        .containsExactlyInAnyOrder("ns/bad", "unknown", "ns/null");
    assertThat(listed.problems).allSatisfy(problem -> assertThat(problem.getMessage()).contains(layout.prefix()));
  }

  @Test
  void aCodecThatIgnoresTheEntrysVersionIsRejected() {
    writer.put("ns", "a", Widget.labelled(Map.of()));
    Codec<EtcdObject<Widget>> wrongVersion = entry -> new EtcdObject<>(entry.key().namespace(), entry.key().name(), 1,
        entry.createRevision(), Widget.labelled(Map.of()));
    Codec<EtcdObject<Widget>> wrongName = entry -> new EtcdObject<>(entry.key().namespace(), "other", entry.revision(),
        entry.createRevision(), Widget.labelled(Map.of()));

    for (Codec<EtcdObject<Widget>> codec : List.of(wrongVersion, wrongName)) {
      Listed listed = new Listed();
      EtcdListerWatcher.builder(ETCD.client(), layout, codec, Widget.ADAPTER).build()
          .list(ListRequest.of(Selection.all(), ""), listed);
      assertThat(listed.items).isEmpty();
      assertThat(listed.problems).hasSize(1);
    }
  }

  @Test
  void aReplyTooLargeForTheClientIsReadAgainInSmallerChunks() {
    String bulky = "x".repeat(1_000);
    for (int i = 0; i < 40; i++) {
      writer.put("ns", String.format("w-%02d", i), new Widget(Map.of(), bulky));
    }
    try (Client small = Client.builder().endpoints(ETCD.server().endpoint()).maxInboundMessageSize(16 * 1024).build()) {
      EtcdListerWatcher<EtcdObject<Widget>> bulkySource = EtcdListerWatcher.builder(small, layout, Widget.CODEC,
          Widget.ADAPTER).chunkSize(40).build();
      Listed listed = new Listed();

      ListPage page = bulkySource.list(ListRequest.of(Selection.all(), ""), listed);

      assertThat(page.hasMore()).isFalse();
      assertThat(listed.items).extracting(EtcdObject::name).hasSize(40).isSorted();
      assertThat(listed.problems).isEmpty();
    }
  }

  @Test
  void aSinkThatFailsWhileTheNextChunkIsReadLeavesTheSourceUsable() {
    for (int i = 0; i < 10; i++) {
      writer.put("ns", String.format("w-%02d", i), Widget.labelled(Map.of()));
    }
    List<String> seen = new ArrayList<>();
    ListSink<EtcdObject<Widget>> failing = item -> {
      if (seen.size() == 5) {
        throw new IllegalStateException("sink failed");
      }
      seen.add(item.name());
    };

    assertThatThrownBy(() -> source.list(ListRequest.of(Selection.all(), ""), failing))
        .isInstanceOf(IllegalStateException.class).hasMessage("sink failed");
    assertThat(seen).hasSize(5);
    assertThat(listAll(ListRequest.of(Selection.all(), "")).describeKeys()).hasSize(10);
  }

  private Listed listAll(ListRequest first) {
    Listed listed = new Listed();
    ListPage page = source.list(first, listed);
    listed.page = page;
    while (page.hasMore()) {
      page = source.list(first.continueWith(page.continueToken()), listed);
    }
    return listed;
  }

  /** Collects list items and problems. */
  private static final class Listed implements ListSink<EtcdObject<Widget>> {
    final List<EtcdObject<Widget>> items = new ArrayList<>();
    final List<MalformedObjectException> problems = new ArrayList<>();
    ListPage page;

    @Override
    public void accept(EtcdObject<Widget> item) {
      items.add(item);
    }

    @Override
    public void malformed(MalformedObjectException problem) {
      problems.add(problem);
    }

    List<String> describe() {
      return items.stream().map(item -> item.key() + "@" + item.revision()).toList();
    }

    List<String> describeKeys() {
      return items.stream().map(EtcdObject::key).toList();
    }
  }
}

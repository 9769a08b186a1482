package io.informer4j.reader;

import static io.informer4j.reader.SimulatedReaderFixture.NODES;
import static io.informer4j.reader.SimulatedReaderFixture.PODS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.ObjectKey;
import io.informer4j.source.Selection;
import io.informer4j.testkit.RecordedRequest;
import io.informer4j.testkit.SimObject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Reads through an {@link InformersMap} over {@link io.informer4j.testkit.SimulatedApi}: gets,
 * copies, lists by namespace, labels and field indexes, selectors pushed to the server, watch
 * changes, several namespaces.
 */
class CacheReaderAcceptanceTest {

  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final String NODE = "spec.nodeName";

  private final SimulatedReaderFixture fixture = new SimulatedReaderFixture();
  private InformersMap cache;

  @BeforeEach
  void pods() {
    fixture.pod("a", "web-1", "node-1", Map.of("app", "web"));
    fixture.pod("a", "db-1", "node-1", Map.of("app", "db"));
    fixture.pod("b", "web-2", "node-1", Map.of("app", "web"));
    fixture.pod("b", "web-3", "node-2", Map.of("app", "web"));
    fixture.api.create(NODES.key(), SimObject.of("", "node-1").withLabel("zone", "z1"));
  }

  @AfterEach
  void tearDown() throws InterruptedException {
    if (cache != null) {
      cache.stop(WAIT);
    }
    fixture.close();
  }

  private CacheReader<SimObject> startedPods() throws InterruptedException {
    cache = fixture.cache(CacheOptions.defaults()).build();
    cache.indexField(PODS, NODE, pod -> List.of(SimObject.ADAPTER.field(pod, NODE)));
    cache.start();
    assertThat(cache.waitForCacheSync(WAIT)).isTrue();
    return cache.reader(PODS);
  }

  private static List<String> keys(ListResult<SimObject> result) {
    return result.items().stream().map(SimObject::key).toList();
  }

  @Test
  void aReadBeforeStartIsCacheNotStarted() {
    cache = fixture.cache(CacheOptions.defaults()).build();
    assertThatThrownBy(() -> cache.reader(PODS).list(ListOptions.all()))
        .isInstanceOf(CacheNotStartedException.class);
    cache.start();
    assertThat(keys(cache.reader(PODS).list(ListOptions.all()))).hasSize(4);
  }

  @Test
  void aClusterScopedGetIgnoresTheNamespaceAndAMissNamesKindAndName() {
    cache = fixture.cache(CacheOptions.defaults()).build();
    cache.start();
    CacheReader<SimObject> nodes = cache.reader(NODES);

    assertThat(nodes.get(ObjectKey.of("a", "node-1")).labels()).containsEntry("zone", "z1");
    assertThatThrownBy(() -> nodes.get(ObjectKey.of("a", "node-9")))
        .isInstanceOfSatisfying(NotFoundException.class, e -> {
          assertThat(e.kind()).isEqualTo("Node");
          assertThat(e.group()).isEmpty();
          assertThat(e.name()).isEqualTo("node-9");
        })
        .hasMessage("Node \"node-9\" not found");
  }

  @Test
  void aNamespaceIsServedFromTheNamespaceIndex() throws InterruptedException {
    CacheReader<SimObject> pods = startedPods();
    assertThat(keys(pods.list(ListOptions.inNamespace("a")))).containsExactly("a/db-1", "a/web-1");
    assertThat(keys(pods.list(ListOptions.all()))).containsExactly("a/db-1", "a/web-1", "b/web-2", "b/web-3");
  }

  @Test
  void aFieldSelectorUsesTheNamespacedOrTheAllNamespacesKey() throws InterruptedException {
    CacheReader<SimObject> pods = startedPods();
    MapEntry<SimObject> entry = cache.find(PODS, Selection.all()).orElseThrow();
    assertThat(entry.informer().indexer().listIndexFuncValues("field:" + NODE))
        .contains("__all_namespaces/node-1", "a/node-1", "b/node-1", "__all_namespaces/node-2", "b/node-2");

    ListOptions onNode1 = ListOptions.all().withFields(FieldSelector.parse(NODE + "=node-1"));
    assertThat(keys(pods.list(onNode1))).containsExactly("a/db-1", "a/web-1", "b/web-2");
    assertThat(keys(pods.list(onNode1.withNamespace("b")))).containsExactly("b/web-2");
  }

  @Test
  void theLabelSelectorIsAppliedAfterTheIndexLookup() throws InterruptedException {
    CacheReader<SimObject> pods = startedPods();
    ListOptions webOnNode1 = ListOptions.all().withFields(FieldSelector.equal(NODE, "node-1"))
        .withLabels(LabelSelector.parse("app=web"));
    assertThat(keys(pods.list(webOnNode1))).containsExactly("a/web-1", "b/web-2");
  }

  @Test
  void nonExactTermsAreRejectedSeveralExactTermsAreServedAndAnEmptySelectorIsNone() throws InterruptedException {
    CacheReader<SimObject> pods = startedPods();
    cache.indexField(PODS, "metadata.name", pod -> List.of(pod.name()));

    assertThatThrownBy(() -> pods.list(ListOptions.all().withFields(FieldSelector.parse(NODE + "!=node-1"))))
        .isInstanceOf(UnsupportedFieldSelectorException.class);
    assertThat(keys(pods.list(ListOptions.all().withFields(FieldSelector.parse(NODE + "=node-1,metadata.name=web-2")))))
        .containsExactly("b/web-2");
    assertThat(keys(pods.list(ListOptions.all().withFields(FieldSelector.parse(""))))).hasSize(4);
  }

  @Test
  void aFieldWithoutIndexIsAnError() throws InterruptedException {
    CacheReader<SimObject> pods = startedPods();
    assertThatThrownBy(() -> pods.list(ListOptions.all().withFields(FieldSelector.equal("status.phase", "Running"))))
        .isInstanceOf(MissingIndexException.class)
        .hasMessageContaining("field:status.phase");
  }

  @Test
  void mutatingAReturnedObjectDoesNotChangeTheCache() {
    cache = fixture.cache(CacheOptions.defaults()).build();
    cache.start();
    CacheReader<MutablePod> pods = cache.reader(MutablePod.TYPED);

    MutablePod got = pods.get(ObjectKey.of("a", "web-1"));
    got.labels.put("app", "hacked");
    got.nodeName = "elsewhere";
    pods.list(ListOptions.inNamespace("b")).items().forEach(pod -> pod.labels.clear());

    assertThat(pods.get(ObjectKey.of("a", "web-1")).labels).containsEntry("app", "web");
    assertThat(pods.get(ObjectKey.of("a", "web-1")).nodeName).isEqualTo("node-1");
    assertThat(keys(cache.reader(PODS).list(ListOptions.all().withLabels(LabelSelector.parse("app=web")))))
        .hasSize(3);
    assertThat(pods.list(ListOptions.inNamespace("b").withLabels(LabelSelector.parse("app=web"))).items()).hasSize(2);
  }

  @Test
  void withDeepCopyDisabledReadsReturnTheCachedInstance() {
    cache = fixture.cache(CacheOptions.builder()
        .byType(PODS.key(), TypeConfig.of(CacheConfig.empty().withUnsafeDisableDeepCopy(true))).build()).build();
    cache.start();
    CacheReader<MutablePod> pods = cache.reader(MutablePod.TYPED);
    assertThat(pods.get(ObjectKey.of("a", "web-1"))).isSameAs(pods.get(ObjectKey.of("a", "web-1")));
  }

  @Test
  void selectorsArePushedToTheServerSoTheCacheHoldsOnlyMatchingObjects() {
    cache = fixture.cache(CacheOptions.builder()
        .byType(PODS.key(), TypeConfig.of(CacheConfig.empty().withLabels(LabelSelector.parse("app=web"))
            .withFields(FieldSelector.equal(NODE, "node-1"))))
        .build()).build();
    cache.start();
    CacheReader<SimObject> pods = cache.reader(PODS);

    assertThat(keys(pods.list(ListOptions.all()))).containsExactly("a/web-1", "b/web-2");
    assertThatThrownBy(() -> pods.get(ObjectKey.of("a", "db-1"))).isInstanceOf(NotFoundException.class);
    assertThat(fixture.api.requests()).filteredOn(request -> request.type().equals(PODS.key()))
        .isNotEmpty()
        .allSatisfy(request -> {
          assertThat(request.selection().labels()).hasToString("app=web");
          assertThat(request.selection().fields()).hasToString(NODE + "=node-1");
        });
  }

  @Test
  void writesReachReadsThroughTheWatch() throws InterruptedException {
    CacheReader<SimObject> pods = startedPods();
    fixture.pod("c", "new", "node-2", Map.of("app", "web"));
    fixture.api.delete(PODS.key(), "a", "web-1");

    await().until(() -> keys(pods.list(ListOptions.all().withFields(FieldSelector.equal(NODE, "node-2"))))
        .equals(List.of("b/web-3", "c/new")));
    await().untilAsserted(() -> assertThatThrownBy(() -> pods.get(ObjectKey.of("a", "web-1")))
        .isInstanceOf(NotFoundException.class));
    assertThat(pods.list(ListOptions.all()).resourceVersion()).isNotEmpty();
  }

  @Test
  void aMultiNamespaceCacheRoutesGetsAndJoinsListsSpendingTheLimitAcrossNamespaces() {
    fixture.pod("c", "web-4", "node-1", Map.of("app", "web"));
    cache = fixture.cache(CacheOptions.builder().namespace("a").namespace("b").build()).build();
    cache.start();
    CacheReader<SimObject> pods = cache.reader(PODS);

    assertThat(pods.get(ObjectKey.of("b", "web-3")).name()).isEqualTo("web-3");
    assertThatThrownBy(() -> pods.get(ObjectKey.of("c", "web-4"))).isInstanceOf(UnknownNamespaceException.class);
    assertThat(keys(pods.list(ListOptions.all()))).containsExactly("a/db-1", "a/web-1", "b/web-2", "b/web-3");
    assertThat(keys(pods.list(ListOptions.all().withLimit(3)))).containsExactly("a/db-1", "a/web-1", "b/web-2");
    assertThat(keys(pods.list(ListOptions.all().withLabels(LabelSelector.parse("app=web")).withLimit(2))))
        .containsExactly("a/web-1", "b/web-2");
    assertThat(fixture.api.requests()).filteredOn(RecordedRequest::isWatch)
        .extracting(request -> request.selection().namespace()).containsExactlyInAnyOrder("a", "b");
  }
}

package io.informer4j.testkit;

import static io.informer4j.testkit.Listing.NODES;
import static io.informer4j.testkit.Listing.PODS;
import static io.informer4j.testkit.Listing.list;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.ExpiredException;
import io.informer4j.source.InvalidRequestException;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.ResourceVersionMatch;
import io.informer4j.source.Selection;
import io.informer4j.source.TooLargeResourceVersionException;
import io.informer4j.source.TypeNotFoundException;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The resourceVersion semantics of lists. The history written in {@link #writeHistory()}:
 * rv 2 create a/x (web), rv 3 create a/y (db), rv 4 create b/z (web, on node n1), rv 5 a/x → db,
 * rv 6 delete a/y.
 */
class ListSemanticsTest {

  private final SimulatedApi api = SimulatedApi.builder().type(PODS, Scope.NAMESPACED).type(NODES, Scope.CLUSTER).build();
  private final ListerWatcher<SimObject> pods = api.listerWatcher(PODS);

  @BeforeEach
  void writeHistory() {
    SimObject x = api.create(PODS, SimObject.of("a", "x").withLabel("app", "web"));
    api.create(PODS, SimObject.of("a", "y").withLabel("app", "db"));
    api.create(PODS, SimObject.of("b", "z").withLabel("app", "web").withContentAt("spec.nodeName", "n1"));
    api.update(PODS, x.withLabel("app", "db"));
    api.delete(PODS, "a", "y");
  }

  @AfterEach
  void close() {
    api.close();
  }

  private static ListRequest request(String resourceVersion, ResourceVersionMatch match, long limit) {
    return ListRequest.of(Selection.all(), resourceVersion).withMatch(match).withLimit(limit);
  }

  @Test
  void unsetVersionIsTheMostRecentState() {
    Listing listing = list(pods, request("", ResourceVersionMatch.UNSET, 0));

    assertThat(listing.keys()).containsExactly("a/x", "b/z");
    assertThat(listing.items().get(0).labels()).containsEntry("app", "db");
    assertThat(listing.resourceVersion()).isEqualTo("6");
    assertThat(listing.page().hasMore()).isFalse();
  }

  @ParameterizedTest
  @CsvSource({"UNSET", "NOT_OLDER_THAN"})
  void versionZeroIsAnyAndTheWatchCacheIgnoresTheLimit(ResourceVersionMatch match) {
    Listing listing = list(pods, request("0", match, 1));

    assertThat(listing.keys()).containsExactly("a/x", "b/z");
    assertThat(listing.page().hasMore()).isFalse();
    assertThat(listing.resourceVersion()).isEqualTo("6");
  }

  @Test
  void aVersionWithoutLimitIsNotOlderThanAndServedAtTheLatest() {
    Listing listing = list(pods, request("3", ResourceVersionMatch.UNSET, 0));

    assertThat(listing.resourceVersion()).isEqualTo("6");
    assertThat(listing.keys()).containsExactly("a/x", "b/z");
  }

  @Test
  void aVersionWithALimitIsExactUnderTheLegacyRule() {
    Listing listing = list(pods, request("3", ResourceVersionMatch.UNSET, 10));

    assertThat(listing.resourceVersion()).isEqualTo("3");
    assertThat(listing.keys()).containsExactly("a/x", "a/y");
    assertThat(listing.items().get(0).labels()).containsEntry("app", "web");
    assertThat(listing.items().get(0).resourceVersion()).isEqualTo("2");
  }

  @Test
  void exactReadsTheStateAtThatVersionIncludingLaterDeletedObjects() {
    Listing listing = list(pods, request("5", ResourceVersionMatch.EXACT, 0));

    assertThat(listing.resourceVersion()).isEqualTo("5");
    assertThat(listing.keys()).containsExactly("a/x", "a/y", "b/z");
    assertThat(listing.items().get(0).labels()).containsEntry("app", "db");
  }

  @Test
  void notOlderThanWithALimitPaginatesTheLatestState() {
    Listing first = list(pods, request("3", ResourceVersionMatch.NOT_OLDER_THAN, 1));

    assertThat(first.resourceVersion()).isEqualTo("6");
    assertThat(first.keys()).containsExactly("a/x");
    assertThat(first.page().hasMore()).isTrue();
    assertThat(first.page().remainingItemCount()).isEqualTo(1L);
  }

  @ParameterizedTest
  @CsvSource({"'', NOT_OLDER_THAN", "'', EXACT", "0, EXACT", "abc, UNSET", "-3, EXACT"})
  void invalidCombinationsAreRejectedWith400(String version, ResourceVersionMatch match) {
    ListRequest request = request(version, match, 0);
    assertThatThrownBy(() -> list(pods, request))
        .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.statusCode()).isEqualTo(400));
  }

  @ParameterizedTest
  @CsvSource({"UNSET, 0", "UNSET, 5", "NOT_OLDER_THAN, 0", "EXACT, 0"})
  void aVersionNewerThanTheServersIsTooLarge(ResourceVersionMatch match, long limit) {
    assertThatThrownBy(() -> list(pods, request("7", match, limit)))
        .isInstanceOfSatisfying(TooLargeResourceVersionException.class, e -> assertThat(e.statusCode()).isEqualTo(504));
  }

  @Test
  void anExactReadBeforeTheCompactionIsExpiredButNotOlderThanStillWorks() {
    api.compact();

    assertThatThrownBy(() -> list(pods, request("3", ResourceVersionMatch.EXACT, 0)))
        .isInstanceOfSatisfying(ExpiredException.class, e -> assertThat(e.statusCode()).isEqualTo(410));
    assertThatThrownBy(() -> list(pods, request("3", ResourceVersionMatch.UNSET, 5))).isInstanceOf(ExpiredException.class);
    assertThat(list(pods, request("3", ResourceVersionMatch.UNSET, 0)).keys()).containsExactly("a/x", "b/z");
    assertThat(list(pods, request("6", ResourceVersionMatch.EXACT, 0)).keys()).containsExactly("a/x", "b/z");
  }

  @Test
  void namespaceLabelAndFieldSelectorsFilter() {
    assertThat(list(pods, ListRequest.of(Selection.inNamespace("a"), "")).keys()).containsExactly("a/x");
    Selection web = Selection.all().withLabels(LabelSelector.parse("app in (web)"));
    assertThat(list(pods, ListRequest.of(web, "")).keys()).containsExactly("b/z");
    Selection onNode = Selection.all().withFields(FieldSelector.parse("spec.nodeName=n1"));
    assertThat(list(pods, ListRequest.of(onNode, "")).keys()).containsExactly("b/z");
    Selection notX = Selection.all().withFields(FieldSelector.parse("metadata.name!=x"));
    assertThat(list(pods, ListRequest.of(notX, "")).keys()).containsExactly("b/z");
    Selection exactOld = Selection.inNamespace("a").withLabels(LabelSelector.parse("app=db"));
    assertThat(list(pods, ListRequest.of(exactOld, "3").withLimit(5)).keys()).containsExactly("a/y");
  }

  @Test
  void aTypeWithSelectableFieldsRejectsOtherFields() {
    TypeKey jobs = TypeKey.of("batch", "v1", "Job");
    api.install(jobs, Scope.NAMESPACED, Set.of("status.phase"));
    api.create(jobs, SimObject.of("a", "j").withContentAt("status.phase", "Running"));
    ListerWatcher<SimObject> lw = api.listerWatcher(jobs);

    Selection running = Selection.all().withFields(FieldSelector.equal("status.phase", "Running"));
    assertThat(list(lw, ListRequest.of(running, "")).keys()).containsExactly("a/j");
    Selection byName = Selection.all().withFields(FieldSelector.equal("metadata.name", "j"));
    assertThat(list(lw, ListRequest.of(byName, "")).keys()).containsExactly("a/j");
    Selection unsupported = Selection.all().withFields(FieldSelector.equal("spec.nodeName", "n1"));
    assertThatThrownBy(() -> list(lw, ListRequest.of(unsupported, "")))
        .isInstanceOf(InvalidRequestException.class).hasMessageContaining("spec.nodeName");
  }

  @Test
  void aNamespaceOnAClusterScopedTypeIsRejected() {
    api.create(NODES, SimObject.of("", "node-1"));
    ListerWatcher<SimObject> nodes = api.listerWatcher(NODES);

    assertThat(list(nodes, ListRequest.of(Selection.all(), "")).keys()).containsExactly("node-1");
    assertThatThrownBy(() -> list(nodes, ListRequest.of(Selection.inNamespace("a"), "")))
        .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.statusCode()).isEqualTo(400));
  }

  @Test
  void aTypeThatIsNotInstalledIsNotFound() {
    ListerWatcher<SimObject> missing = api.listerWatcher(TypeKey.of("example.com", "v1", "Missing"));

    assertThatThrownBy(() -> list(missing, ListRequest.of(Selection.all(), "")))
        .isInstanceOfSatisfying(TypeNotFoundException.class, e -> assertThat(e.statusCode()).isEqualTo(404));
  }
}

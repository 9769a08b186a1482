package io.informer4j.testkit;

import static io.informer4j.testkit.Listing.PODS;
import static io.informer4j.testkit.Listing.list;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.Scope;
import io.informer4j.source.ExpiredException;
import io.informer4j.source.InvalidRequestException;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.ResourceVersionMatch;
import io.informer4j.source.Selection;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PaginationTest {

  private final SimulatedApi api = SimulatedApi.builder().historyLimit(50).type(PODS, Scope.NAMESPACED).build();
  private final ListerWatcher<SimObject> pods = api.listerWatcher(PODS);

  @AfterEach
  void close() {
    api.close();
  }

  private List<String> createPods(int count) {
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      SimObject pod = api.create(PODS, SimObject.of("ns-" + (i % 3), String.format("pod-%02d", i))
          .withLabel("parity", i % 2 == 0 ? "even" : "odd"));
      keys.add(pod.key());
    }
    return keys;
  }

  private List<Listing> listPages(ListRequest first) {
    List<Listing> pages = new ArrayList<>(List.of(list(pods, first)));
    while (pages.get(pages.size() - 1).page().hasMore()) {
      pages.add(list(pods, first.continueWith(pages.get(pages.size() - 1).page().continueToken())));
    }
    return pages;
  }

  private static List<String> keysOf(List<Listing> pages) {
    return pages.stream().flatMap(page -> page.keys().stream()).toList();
  }

  @Test
  void pagesReturnEveryItemOnceInKeyOrder() {
    List<String> keys = createPods(20);

    List<Listing> pages = listPages(ListRequest.of(Selection.all(), "").withLimit(6));

    assertThat(pages).hasSize(4);
    assertThat(pages).extracting(page -> page.items().size()).containsExactly(6, 6, 6, 2);
    assertThat(keysOf(pages)).isSorted().containsExactlyInAnyOrderElementsOf(keys);
    assertThat(pages).extracting(page -> page.page().remainingItemCount()).containsExactly(14L, 8L, 2L, null);
  }

  @Test
  void laterPagesShowTheStateOfTheFirstPagesVersion() {
    createPods(9);
    ListRequest first = ListRequest.of(Selection.all(), "").withLimit(3);
    Listing firstPage = list(pods, first);

    api.delete(PODS, "ns-2", "pod-08");
    api.update(PODS, SimObject.of("ns-1", "pod-07").withLabel("changed", "yes"));
    api.create(PODS, SimObject.of("ns-2", "pod-99"));
    List<Listing> rest = new ArrayList<>();
    String token = firstPage.page().continueToken();
    while (token != null) {
      Listing page = list(pods, first.continueWith(token));
      rest.add(page);
      token = page.page().continueToken();
    }

    List<SimObject> later = rest.stream().flatMap(page -> page.items().stream()).toList();
    assertThat(later).extracting(SimObject::key).contains("ns-2/pod-08").doesNotContain("ns-2/pod-99");
    assertThat(later).filteredOn(pod -> pod.name().equals("pod-07")).singleElement()
        .satisfies(pod -> assertThat(pod.labels()).doesNotContainKey("changed"));
    assertThat(rest).extracting(Listing::resourceVersion).containsOnly(firstPage.resourceVersion());
    assertThat(firstPage.items().size() + later.size()).isEqualTo(9);
  }

  @Test
  void selectorsPageOverMatchingItemsAndOmitTheRemainingCount() {
    createPods(12);
    Selection even = Selection.all().withLabels(LabelSelector.parse("parity=even"));

    List<Listing> pages = listPages(ListRequest.of(even, "").withLimit(4));

    assertThat(keysOf(pages)).hasSize(6).allSatisfy(key -> assertThat(key).matches(".*pod-\\d[02468]$"));
    assertThat(pages).extracting(page -> page.page().remainingItemCount()).containsOnlyNulls();
    List<Listing> namespaced = listPages(ListRequest.of(Selection.inNamespace("ns-0"), "").withLimit(3));
    assertThat(keysOf(namespaced)).containsExactly("ns-0/pod-00", "ns-0/pod-03", "ns-0/pod-06", "ns-0/pod-09");
    assertThat(namespaced.get(0).page().remainingItemCount()).isEqualTo(1L);
  }

  @Test
  void anExactListAtAnOlderVersionIsPaginatedAtThatVersion() {
    createPods(6);
    String middle = api.currentResourceVersion();
    api.delete(PODS, "ns-0", "pod-00");
    api.create(PODS, SimObject.of("ns-0", "pod-50"));

    List<Listing> pages = listPages(ListRequest.of(Selection.all(), middle).withMatch(ResourceVersionMatch.EXACT).withLimit(4));

    assertThat(keysOf(pages)).contains("ns-0/pod-00").doesNotContain("ns-0/pod-50").hasSize(6);
    assertThat(pages).extracting(Listing::resourceVersion).containsOnly(middle);
  }

  @Test
  void aContinueTokenWhoseVersionWasCompactedIsExpired() {
    createPods(10);
    Listing first = list(pods, ListRequest.of(Selection.all(), "").withLimit(4));
    Listing second = list(pods, ListRequest.of(Selection.all(), "").withLimit(4).continueWith(first.page().continueToken()));
    assertThat(second.items()).hasSize(4);

    api.create(PODS, SimObject.of("ns-0", "later"));
    api.compact();

    assertThatThrownBy(() -> list(pods, ListRequest.of(Selection.all(), "").withLimit(4).continueWith(second.page().continueToken())))
        .isInstanceOf(ExpiredException.class);
  }

  @Test
  void aContinueTokenExpiresWhenTheHistoryWindowMovesPastIt() {
    createPods(10);
    Listing first = list(pods, ListRequest.of(Selection.all(), "").withLimit(4));
    for (int i = 0; i < 50; i++) {
      api.upsert(PODS, SimObject.of("ns-0", "churn").withLabel("i", Integer.toString(i)));
    }
    Listing stillReadable = list(pods, ListRequest.of(Selection.all(), "").withLimit(4).continueWith(first.page().continueToken()));
    assertThat(stillReadable.keys()).containsExactly("ns-1/pod-01", "ns-1/pod-04", "ns-1/pod-07", "ns-2/pod-02");
    api.upsert(PODS, SimObject.of("ns-0", "churn"));

    assertThatThrownBy(() -> list(pods, ListRequest.of(Selection.all(), "").withLimit(4).continueWith(first.page().continueToken())))
        .isInstanceOf(ExpiredException.class);
  }

  @Test
  void aTokenThisServerDidNotIssueIsInvalid() {
    assertThatThrownBy(() -> list(pods, ListRequest.of(Selection.all(), "").withLimit(4).continueWith("not-a-token")))
        .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.statusCode()).isEqualTo(400));
  }

  @Test
  void aContinueWithoutLimitReturnsTheRestAndALimitAboveTheCountReturnsOnePage() {
    createPods(7);
    Listing first = list(pods, ListRequest.of(Selection.all(), "").withLimit(2));

    Listing rest = list(pods, ListRequest.of(Selection.all(), "").continueWith(first.page().continueToken()));
    Listing whole = list(pods, ListRequest.of(Selection.all(), "").withLimit(100));

    assertThat(rest.items()).hasSize(5);
    assertThat(rest.page().hasMore()).isFalse();
    assertThat(whole.items()).hasSize(7);
    assertThat(whole.page().hasMore()).isFalse();
    assertThat(whole.page().remainingItemCount()).isNull();
  }
}

package io.informer4j.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.source.ExpiredException;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.ResourceVersionMatch;
import io.informer4j.source.Selection;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The contract every {@link ListerWatcher} must pass, as an abstract JUnit 5 test: extend it in a
 * backend's tests (SimulatedApi, Kubernetes, etcd) and implement the hooks.
 *
 * <p>Each test starts from a backend that holds no object of the type under test (use a fresh
 * server, type, CRD or key prefix per test) and writes objects through the hooks. Waits are bounded
 * by {@link #waitTimeout()} and never sleep. Watches are closed after each test, and every listener
 * must see the listener contract kept (no overlapping calls, nothing after {@code onClose}).
 *
 * <p>Hooks: {@link #listerWatcher()}, {@link #adapter()}, {@link #create}, {@link #update},
 * {@link #delete}; optionally {@link #namespacedListerWatcher}, {@link #expireHistory()},
 * {@link #capabilities()}, {@link #clusterScoped()}, {@link #namespace()},
 * {@link #otherNamespace()} and {@link #waitTimeout()}.
 *
 * @param <T> the object type
 */
public abstract class ListerWatcherContract<T> {

  private static final Map<String, String> WEB = Map.of("app", "web");
  private static final Map<String, String> DB = Map.of("app", "db");
  private static final LabelSelector WEB_SELECTOR = LabelSelector.matchingLabels(WEB);

  private final List<WatchHandle> handles = new ArrayList<>();
  private final List<RecordingWatchListener<T>> listeners = new ArrayList<>();

  /** Returns the {@link ListerWatcher} under test, for all namespaces of its type. */
  protected abstract ListerWatcher<T> listerWatcher();

  /**
   * Returns the {@link ListerWatcher} to use for requests scoped to {@code namespace}; requests still
   * carry the namespace in their selection. Default: {@link #listerWatcher()}.
   */
  protected ListerWatcher<T> namespacedListerWatcher(String namespace) {
    return listerWatcher();
  }

  /** Returns the adapter of the object type. */
  protected abstract ObjectAdapter<T> adapter();

  /** Creates an object with these labels in the backend; returns once the backend stored it. */
  protected abstract void create(String namespace, String name, Map<String, String> labels);

  /** Replaces the labels of an existing object in the backend; returns once stored. */
  protected abstract void update(String namespace, String name, Map<String, String> labels);

  /** Deletes an object from the backend; returns once deleted. */
  protected abstract void delete(String namespace, String name);

  /**
   * Makes every resourceVersion issued before the call expired (compaction). Called only when
   * {@link ContractCapability#HISTORY_EXPIRY} is declared.
   */
  protected void expireHistory() {
    throw new UnsupportedOperationException(getClass().getName() + " declares historyExpiry but cannot expire history");
  }

  /** Returns what the backend can do. Default: every {@link ContractCapability}. */
  protected Set<ContractCapability> capabilities() {
    return EnumSet.allOf(ContractCapability.class);
  }

  /**
   * Returns true when the type under test is cluster-scoped: objects then have no namespace and the
   * namespace test is skipped. Default: false.
   */
  protected boolean clusterScoped() {
    return false;
  }

  /** Returns the longest a test waits for an asynchronous outcome. Default: 20 s. */
  protected Duration waitTimeout() {
    return Duration.ofSeconds(20);
  }

  /** Returns the namespace most objects go to; {@code ""} for a cluster-scoped type. */
  protected String namespace() {
    return clusterScoped() ? "" : "contract-a";
  }

  /** Returns a second namespace; {@code ""} for a cluster-scoped type. */
  protected String otherNamespace() {
    return clusterScoped() ? "" : "contract-b";
  }

  private void assumeCapable(ContractCapability capability) {
    assumeTrue(capabilities().contains(capability), "the backend does not declare " + capability);
  }

  /** Closes the watches the test opened and checks that every listener saw the listener contract kept. */
  @AfterEach
  public void closeWatchesAndCheckListeners() {
    handles.forEach(WatchHandle::close);
    for (RecordingWatchListener<T> listener : listeners) {
      assertThat(listener.contractViolations()).as("listener contract violations").isEmpty();
    }
  }

  /** An empty collection lists no item, with a resourceVersion to watch from. */
  @Test
  public void emptyListHasAResourceVersion() {
    Listed<T> listed = listAll(listerWatcher(), Selection.all());

    assertThat(listed.items()).isEmpty();
    assertThat(listed.resourceVersion()).isNotEmpty();
  }

  /** A list returns every object of every namespace, each with its resourceVersion. */
  @Test
  public void listReturnsEveryCreatedObjectWithAResourceVersion() {
    create(namespace(), "one", WEB);
    create(namespace(), "two", DB);
    create(otherNamespace(), "three", WEB);

    Listed<T> listed = listAll(listerWatcher(), Selection.all());

    assertThat(names(listed.items())).containsExactlyInAnyOrder("one", "two", "three");
    assertThat(listed.items()).allSatisfy(item -> assertThat(adapter().resourceVersion(item)).isNotEmpty());
    assertThat(listed.resourceVersion()).isNotEmpty();
  }

  /** A watch from a list's version sees only later changes, in order; DELETED carries the last state. */
  @Test
  public void watchFromAListVersionSeesLaterChangesInOrderAndDeletesWithTheLastState() {
    create(namespace(), "before", WEB);
    String version = listAll(listerWatcher(), Selection.all()).resourceVersion();
    RecordingWatchListener<T> listener = watch(listerWatcher(), watchRequest(Selection.all(), version));

    Map<String, String> lastLabels = Map.of("app", "web", "tier", "front");
    create(namespace(), "changing", WEB);
    update(namespace(), "changing", lastLabels);
    delete(namespace(), "changing");

    List<WatchEvent<T>> events = awaitObjectEvents(listener, 3);
    assertThat(events).extracting(WatchEvent::type)
        .containsExactly(WatchEventType.ADDED, WatchEventType.MODIFIED, WatchEventType.DELETED);
    assertThat(events).allSatisfy(event -> {
      assertThat(adapter().name(event.object())).isEqualTo("changing");
      assertThat(adapter().resourceVersion(event.object())).isNotEmpty();
    });
    assertThat(adapter().labels(events.get(1).object())).isEqualTo(lastLabels);
    assertThat(adapter().labels(events.get(2).object())).isEqualTo(lastLabels);
  }

  /** A label selector filters both the list and the watch. */
  @Test
  public void labelSelectorFiltersListAndWatch() {
    create(namespace(), "web-1", WEB);
    create(namespace(), "db-1", DB);

    assertSelection(listerWatcher(), Selection.all().withLabels(WEB_SELECTOR), List.of("web-1"), () -> {
      create(namespace(), "db-2", DB);
      create(namespace(), "web-2", WEB);
    }, "ADDED web-2");
  }

  /** An update that moves an object into or out of a label selection is ADDED or DELETED to that watch. */
  @Test
  public void anObjectEnteringOrLeavingALabelSelectionIsAddedOrDeleted() {
    create(namespace(), "mover", DB);

    assertSelection(listerWatcher(), Selection.all().withLabels(WEB_SELECTOR), List.of(), () -> {
      update(namespace(), "mover", WEB);
      update(namespace(), "mover", DB);
    }, "ADDED mover", "DELETED mover");
  }

  /** A namespace scopes both the list and the watch (skipped for cluster-scoped types). */
  @Test
  public void namespaceScopesListAndWatch() {
    assumeFalse(clusterScoped(), "cluster-scoped type");
    create(namespace(), "here-1", WEB);
    create(otherNamespace(), "there-1", WEB);

    assertSelection(namespacedListerWatcher(namespace()), Selection.inNamespace(namespace()), List.of("here-1"), () -> {
      create(otherNamespace(), "there-2", WEB);
      create(namespace(), "here-2", WEB);
    }, "ADDED here-2");
  }

  /** A {@code metadata.name} field selector filters both the list and the watch. */
  @Test
  public void fieldSelectorOnTheNameFiltersListAndWatch() {
    assumeCapable(ContractCapability.FIELD_SELECTORS);
    create(namespace(), "field-1", WEB);
    create(namespace(), "field-2", WEB);

    assertSelection(listerWatcher(), Selection.all().withFields(FieldSelector.equal("metadata.name", "field-2")),
        List.of("field-2"), () -> {
          update(namespace(), "field-1", DB);
          update(namespace(), "field-2", DB);
        }, "MODIFIED field-2");
  }

  /** Pages return every item exactly once, all at the first page's version, unaffected by later writes. */
  @Test
  public void paginationReturnsEveryItemExactlyOnceFromOneConsistentVersion() {
    assumeCapable(ContractCapability.PAGINATION);
    List<String> created = new ArrayList<>();
    for (int i = 0; i < 25; i++) {
      String name = String.format("page-%02d", i);
      create(i % 2 == 0 ? namespace() : otherNamespace(), name, WEB);
      created.add(name);
    }

    List<T> items = new ArrayList<>();
    ListRequest firstRequest = ListRequest.of(Selection.all(), "").withLimit(7);
    ListPage page = listerWatcher().list(firstRequest, items::add);
    create(namespace(), "page-99", WEB);
    List<String> pageVersions = new ArrayList<>(List.of(page.resourceVersion()));
    int pages = 1;
    while (page.hasMore()) {
      int before = items.size();
      page = listerWatcher().list(firstRequest.continueWith(page.continueToken()), items::add);
      pages++;
      assertThat(items.size() - before).as("items on page %d", pages).isLessThanOrEqualTo(7);
      pageVersions.add(page.resourceVersion());
    }

    assertThat(names(items)).containsExactlyInAnyOrderElementsOf(created);
    assertThat(pages).isGreaterThanOrEqualTo(4);
    assertThat(pageVersions).containsOnly(pageVersions.get(0));
  }

  /** A watch from an expired version reports ExpiredException: thrown, as an ERROR event, or in onClose. */
  @Test
  public void watchFromAnExpiredVersionReportsExpired() {
    assumeCapable(ContractCapability.HISTORY_EXPIRY);
    String version = listAll(listerWatcher(), Selection.all()).resourceVersion();
    create(namespace(), "expiring-1", WEB);
    create(namespace(), "expiring-2", WEB);
    expireHistory();

    RecordingWatchListener<T> listener = new RecordingWatchListener<>();
    listeners.add(listener);
    try {
      handles.add(listerWatcher().watch(watchRequest(Selection.all(), version), listener));
    } catch (ExpiredException thrownAtOpen) {
      return;
    }
    await().atMost(waitTimeout()).until(() -> listener.closeError() instanceof ExpiredException
        || listener.eventsOfType(WatchEventType.ERROR).stream().anyMatch(e -> e.error() instanceof ExpiredException));
  }

  /** After the handle is closed, the listener hears of no later change. */
  @Test
  public void closingTheHandleStopsDelivery() {
    String version = listAll(listerWatcher(), Selection.all()).resourceVersion();
    RecordingWatchListener<T> closed = new RecordingWatchListener<>();
    listeners.add(closed);
    WatchHandle handle = listerWatcher().watch(watchRequest(Selection.all(), version), closed);
    create(namespace(), "close-1", WEB);
    awaitObjectEvents(closed, 1);

    handle.close();
    create(namespace(), "close-2", WEB);
    RecordingWatchListener<T> witness = watch(listerWatcher(), watchRequest(Selection.all(), version));
    create(namespace(), "close-3", WEB);
    awaitObjectEvents(witness, 3);

    assertThat(closed.objectEvents()).extracting(this::describe).containsExactly("ADDED close-1");
  }

  /** Watch-list streams the state as ADDED events, then an initialEventsEnd bookmark, then live events. */
  @Test
  public void watchListSendsTheInitialStateThenAnInitialEventsEndBookmark() {
    assumeCapable(ContractCapability.WATCH_LIST);
    create(namespace(), "initial-1", WEB);
    create(otherNamespace(), "initial-2", DB);
    create(namespace(), "initial-3", WEB);

    RecordingWatchListener<T> listener = watch(listerWatcher(),
        new WatchRequest(Selection.all(), "", ResourceVersionMatch.NOT_OLDER_THAN, true, true, null));
    await().atMost(waitTimeout()).until(() -> indexOfInitialEventsEnd(listener.events()) >= 0);
    List<WatchEvent<T>> events = listener.events();
    List<WatchEvent<T>> initial = events.subList(0, indexOfInitialEventsEnd(events)).stream()
        .filter(event -> event.type() != WatchEventType.BOOKMARK).toList();
    assertThat(initial).extracting(this::describe)
        .containsExactlyInAnyOrder("ADDED initial-1", "ADDED initial-2", "ADDED initial-3");
    assertThat(events.get(indexOfInitialEventsEnd(events)).resourceVersion()).isNotEmpty();

    create(namespace(), "later", WEB);
    assertThat(awaitObjectEvents(listener, 4).get(3)).extracting(this::describe).isEqualTo("ADDED later");
  }

  /** A burst of 1,000 writes reaches a watch complete and in write order. */
  @Test
  public void aBurstOfAThousandWritesArrivesCompleteAndInOrder() {
    String version = listAll(listerWatcher(), Selection.all()).resourceVersion();
    RecordingWatchListener<T> listener = watch(listerWatcher(), watchRequest(Selection.all(), version));
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      String name = String.format("burst-%04d", i);
      create(namespace(), name, WEB);
      expected.add("ADDED " + name);
    }

    assertThat(awaitObjectEvents(listener, 1000)).extracting(this::describe).containsExactlyElementsOf(expected);
  }

  /**
   * Lists {@code selection} expecting exactly the {@code listed} names, watches it from the list's
   * version, runs {@code writes}, and expects exactly {@code expectedEvents} ({@code "TYPE name"});
   * the writes should end with one that is expected, so that nothing unexpected is still in flight.
   */
  private void assertSelection(ListerWatcher<T> lw, Selection selection, List<String> listed, Runnable writes,
                               String... expectedEvents) {
    Listed<T> listing = listAll(lw, selection);
    assertThat(names(listing.items())).containsExactlyElementsOf(listed);

    RecordingWatchListener<T> listener = watch(lw, watchRequest(selection, listing.resourceVersion()));
    writes.run();
    assertThat(awaitObjectEvents(listener, expectedEvents.length)).extracting(this::describe).containsExactly(expectedEvents);
  }

  /** Lists every page of a selection at the most recent version. */
  private Listed<T> listAll(ListerWatcher<T> lw, Selection selection) {
    List<T> items = new ArrayList<>();
    ListRequest request = ListRequest.of(selection, "");
    ListPage page = lw.list(request, items::add);
    String version = page.resourceVersion();
    while (page.hasMore()) {
      page = lw.list(request.continueWith(page.continueToken()), items::add);
    }
    return new Listed<>(items, version);
  }

  private RecordingWatchListener<T> watch(ListerWatcher<T> lw, WatchRequest request) {
    RecordingWatchListener<T> listener = new RecordingWatchListener<>();
    listeners.add(listener);
    handles.add(lw.watch(request, listener));
    return listener;
  }

  private WatchRequest watchRequest(Selection selection, String version) {
    return WatchRequest.from(selection, version).withBookmarks(capabilities().contains(ContractCapability.BOOKMARKS));
  }

  private List<WatchEvent<T>> awaitObjectEvents(RecordingWatchListener<T> listener, int count) {
    await().atMost(waitTimeout()).until(() -> listener.objectEvents().size() >= count);
    return listener.objectEvents();
  }

  private static <T> int indexOfInitialEventsEnd(List<WatchEvent<T>> events) {
    for (int i = 0; i < events.size(); i++) {
      if (events.get(i).type() == WatchEventType.BOOKMARK && events.get(i).initialEventsEnd()) {
        return i;
      }
    }
    return -1;
  }

  private List<String> names(List<T> items) {
    return items.stream().map(adapter()::name).toList();
  }

  private String describe(WatchEvent<T> event) {
    return event.type() + " " + adapter().name(event.object());
  }

  /** The items of every page of a list and the first page's resourceVersion. */
  private record Listed<T>(List<T> items, String resourceVersion) {
  }
}

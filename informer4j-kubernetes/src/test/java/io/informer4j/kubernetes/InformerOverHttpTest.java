package io.informer4j.kubernetes;

import static io.informer4j.kubernetes.TestServerFixture.CONFIG_MAPS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.source.ExpiredException;
import io.informer4j.source.ForbiddenException;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.TooManyRequestsException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import io.informer4j.testkit.RecordedRequest;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApiBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Informers of this module against the test server through HTTP: relists after compaction (410 as
 * a status and as an ERROR event), an expired continue token, watch-list with its bookmark and the
 * fallback to LIST on 422, 403 and 429, a list body cut off by a reset connection.
 */
class InformerOverHttpTest {

  private static final Duration WAIT = Duration.ofSeconds(30);

  private TestServerFixture fixture;
  private SharedIndexInformer<ConfigMap> informer;

  @AfterEach
  void tearDown() {
    if (informer != null) {
      informer.stop();
    }
    fixture.close();
  }

  private void start(UnaryOperator<SimulatedApiBuilder> options) {
    fixture = new TestServerFixture(options, WatchTransport.HTTP_STREAM);
  }

  private SimObject write(String namespace, String name, String value) {
    return fixture.api.upsert(CONFIG_MAPS.type(), SimObject.of(namespace, name).withContentAt("data.v", value));
  }

  private Map<String, String> truth() {
    Map<String, String> truth = new TreeMap<>();
    fixture.api.snapshot(CONFIG_MAPS.type()).values().forEach(o -> truth.put(o.namespace() + "/" + o.name(), o.resourceVersion()));
    return truth;
  }

  private void startInformer(ListerWatcher<ConfigMap> source, boolean watchList, long pageSize) {
    informer = Informers.builder(source, fixture.backend.type(ConfigMap.class)).watchList(watchList).pageSize(pageSize).build();
    informer.start();
    assertThat(informer.synced()).succeedsWithin(WAIT);
  }

  private List<RecordedRequest> requests() {
    return fixture.api.requests();
  }

  private void relistsAfterCompaction() {
    for (int i = 0; i < 3; i++) {
      write("shop", "cm-" + i, "1");
    }
    startInformer(fixture.configMaps(), false, 0);
    long listsBefore = requests().stream().filter(RecordedRequest::isList).count();

    fixture.api.faults().eventLatency(Duration.ofSeconds(3));
    write("shop", "cm-0", "2");
    write("bank", "cm-9", "1");
    fixture.api.compact();
    fixture.api.faults().eventLatency(Duration.ZERO);
    fixture.api.faults().dropAllWatches();

    await().atMost(WAIT).untilAsserted(() -> assertThat(Informers.versions(informer)).isEqualTo(truth()));
    assertThat(requests().stream().filter(RecordedRequest::isList).count()).isGreaterThan(listsBefore);
    assertThat(informer.status().relists()).isPositive();
  }

  @Test
  void relistsWhenTheWatchIsRefusedWith410AfterCompaction() {
    start(b -> b.throwExpiredAtWatchOpen(true));
    relistsAfterCompaction();
  }

  @Test
  void relistsWhenTheWatchSendsA410ErrorEventAfterCompaction() {
    start(b -> b);
    relistsAfterCompaction();
  }

  @Test
  void anExpiredContinueTokenFallsBackToOneFullList() {
    start(b -> b);
    for (int i = 0; i < 7; i++) {
      write("shop", "cm-" + i, "1");
    }
    ListerWatcher<ConfigMap> http = fixture.configMaps();
    ListerWatcher<ConfigMap> compactingAfterFirstPage = new ListerWatcher<>() {
      @Override
      public ListPage list(ListRequest request, ListSink<ConfigMap> sink) {
        ListPage page = http.list(request, sink);
        if (request.continueToken() == null && page.hasMore()) {
          write("bank", "late", "1");
          fixture.api.compact();
        }
        return page;
      }

      @Override
      public WatchHandle watch(WatchRequest request, WatchListener<ConfigMap> listener) {
        return http.watch(request, listener);
      }
    };

    startInformer(compactingAfterFirstPage, false, 2);
    fixture.api.clearRequests();
    fixture.api.faults().failNextWatches(1, () -> new io.informer4j.source.TransientSourceException("internal error",
        io.informer4j.source.TransientSourceException.Reason.INTERNAL_ERROR));
    // The informer opens its watch after it synced: drop it once it is open (or once the failed
    // first attempt's relist opened the next one).
    await().atMost(WAIT).until(() -> fixture.api.faults().dropAllWatches() > 0);

    await().atMost(WAIT).until(() -> requests().stream().filter(RecordedRequest::isList).count() >= 3);
    List<RecordedRequest> lists = requests().stream().filter(RecordedRequest::isList).toList();
    assertThat(lists.get(0).limit()).isEqualTo(2);
    assertThat(lists.get(1).continueToken()).isNotNull();
    assertThat(lists.get(2).limit()).isZero();
    assertThat(lists.get(2).continueToken()).isNull();
    assertThat(lists.get(2).resourceVersion()).isEqualTo(lists.get(0).resourceVersion());
    await().atMost(WAIT).untilAsserted(() -> assertThat(Informers.versions(informer)).isEqualTo(truth()));
  }

  @Test
  void aContinueTokenOlderThanTheCompactionIsExpiredOnTheWire() {
    start(b -> b);
    for (int i = 0; i < 3; i++) {
      write("shop", "cm-" + i, "1");
    }
    ListerWatcher<ConfigMap> http = fixture.configMaps();
    ListPage first = http.list(ListRequest.of(io.informer4j.source.Selection.all(), "").withLimit(1), item -> { });
    write("shop", "cm-9", "1");
    fixture.api.compact();

    org.assertj.core.api.Assertions.assertThatThrownBy(() -> http.list(ListRequest.of(io.informer4j.source.Selection.all(), "")
            .withLimit(1).continueWith(first.continueToken()), item -> { }))
        .isInstanceOf(ExpiredException.class).hasMessageContaining("410");
  }

  @Test
  void watchListStreamsTheInitialStateAndKeepsTheSameWatch() {
    start(b -> b);
    for (int i = 0; i < 5; i++) {
      write("shop", "cm-" + i, "1");
    }
    startInformer(fixture.configMaps(), true, 0);
    assertThat(Informers.versions(informer)).isEqualTo(truth());

    write("shop", "cm-0", "2");
    await().atMost(WAIT).untilAsserted(() -> assertThat(Informers.versions(informer)).isEqualTo(truth()));
    assertThat(requests()).noneMatch(RecordedRequest::isList);
    assertThat(requests()).hasSize(1).first().satisfies(r -> {
      assertThat(r.sendInitialEvents()).isTrue();
      assertThat(r.allowBookmarks()).isTrue();
    });
  }

  @Test
  void aWatchListRejectedWith422FallsBackToListing() {
    start(b -> b.rejectWatchList(true));
    for (int i = 0; i < 5; i++) {
      write("shop", "cm-" + i, "1");
    }
    startInformer(fixture.configMaps(), true, 0);

    assertThat(Informers.versions(informer)).isEqualTo(truth());
    List<RecordedRequest> seen = requests();
    assertThat(seen.get(0).sendInitialEvents()).isTrue();
    assertThat(seen.get(1).isList()).isTrue();
    fixture.api.faults().dropAllWatches();
    write("shop", "cm-0", "2");
    await().atMost(WAIT).untilAsserted(() -> assertThat(Informers.versions(informer)).isEqualTo(truth()));
    assertThat(requests().stream().filter(RecordedRequest::sendInitialEvents)).hasSize(1);
  }

  @Test
  void forbiddenListsAreTypedAndRetried() {
    start(b -> b);
    write("shop", "cm-0", "1");
    fixture.api.faults().failNextLists(1, () -> new ForbiddenException("configmaps is forbidden: User \"test\" cannot list"));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> fixture.configMaps()
            .list(ListRequest.of(io.informer4j.source.Selection.all(), ""), item -> { }))
        .isInstanceOf(ForbiddenException.class).hasMessageContaining("403").hasMessageContaining("cannot list");

    fixture.api.faults().failNextLists(2, () -> new ForbiddenException("configmaps is forbidden"));
    startInformer(fixture.configMaps(), false, 0);
    assertThat(Informers.versions(informer)).isEqualTo(truth());
    assertThat(informer.status().errors()).isGreaterThanOrEqualTo(2);
  }

  @Test
  void aThrottledWatchCarriesRetryAfterAndIsRetriedWithoutARelist() {
    start(b -> b);
    write("shop", "cm-0", "1");
    fixture.api.faults().failNextWatches(1, () -> new TooManyRequestsException("too many requests", Duration.ofSeconds(1)));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> fixture.configMaps()
            .watch(WatchRequest.from(io.informer4j.source.Selection.all(), "1"), new io.informer4j.testkit.RecordingWatchListener<>()))
        .isInstanceOfSatisfying(TooManyRequestsException.class, e -> assertThat(e.retryAfter()).isEqualTo(Duration.ofSeconds(1)));

    fixture.api.clearRequests();
    fixture.api.faults().failNextWatches(1, () -> new TooManyRequestsException("too many requests", Duration.ofSeconds(1)));
    startInformer(fixture.configMaps(), false, 0);
    await().atMost(WAIT).until(() -> requests().stream().filter(RecordedRequest::isWatch).count() >= 2);
    write("shop", "cm-1", "1");
    await().atMost(WAIT).untilAsserted(() -> assertThat(Informers.versions(informer)).isEqualTo(truth()));
    assertThat(requests().stream().filter(RecordedRequest::isList).count()).isEqualTo(1);
  }

  @Test
  void aListCutInTheMiddleOfItsBodyIsATypedConnectionLossAndIsRetriedWithNothingLost() {
    start(b -> b);
    for (int i = 0; i < 50; i++) {
      write("shop", "cm-" + i, "x".repeat(2000));
    }
    List<ConfigMap> received = new ArrayList<>();
    fixture.server.cutNextListAfter(20);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> fixture.configMaps()
            .list(ListRequest.of(io.informer4j.source.Selection.all(), ""), received::add))
        .isInstanceOfSatisfying(TransientSourceException.class,
            e -> assertThat(e.reason()).isEqualTo(TransientSourceException.Reason.CONNECTION_LOST));
    assertThat(received).hasSizeLessThanOrEqualTo(20);

    fixture.server.cutNextListAfter(30);
    startInformer(fixture.configMaps(), false, 0);
    assertThat(Informers.versions(informer)).isEqualTo(truth());
    assertThat(informer.status().errors()).isPositive();
  }
}

package io.informer4j.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.source.ExpiredException;
import io.informer4j.source.ListRequest;
import io.informer4j.source.TooLargeResourceVersionException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.InformerTestSupport;
import io.informer4j.testing.Item;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The reflector's resourceVersion choice and paging, as client-go does them. */
class ReflectorListTest extends InformerTestSupport {


  private void startSynced() throws InterruptedException {
    informer = fixture.builder().build();
    informer.start();
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    await().until(() -> source.watches().size() == 1);
  }

  private List<String> listVersions() {
    return source.lists().stream().map(ListRequest::resourceVersion).toList();
  }

  @Test
  void firstListIsAtZeroWithDefaultPageSizeThenWatchesFromTheListVersion() throws InterruptedException {
    source.put(Item.of("ns", "a", "3"));
    source.setResourceVersion("10");
    startSynced();
    ListRequest first = source.lists().get(0);
    assertThat(first.resourceVersion()).isEqualTo("0");
    assertThat(first.limit()).isEqualTo(500);
    FakeSource.Watch watch = source.lastWatch();
    assertThat(watch.request.resourceVersion()).isEqualTo("10");
    assertThat(watch.request.allowBookmarks()).isTrue();
    assertThat(watch.request.sendInitialEvents()).isFalse();
    assertThat(watch.request.timeout()).isBetween(Duration.ofMinutes(5), Duration.ofMinutes(10));
    assertThat(informer.indexer().listKeys()).containsExactly("ns/a");
    assertThat(informer.state()).isEqualTo(InformerState.WATCHING);
  }

  @Test
  void withoutAConfiguredPageSizeTheSourcesPreferredSizeIsUsed() throws InterruptedException {
    source.preferPageSize(1000);
    startSynced();
    assertThat(source.lists().get(0).limit()).isEqualTo(1000);
  }

  @Test
  void aConfiguredPageSizeWinsOverTheSourcesPreference() throws InterruptedException {
    source.preferPageSize(1000);
    informer = fixture.builder().pageSize(200).build();
    informer.start();
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    assertThat(source.lists().get(0).limit()).isEqualTo(200);
  }

  @Test
  void relistAfterAWatchFailureUsesTheLastVersionUnpaginated() throws InterruptedException {
    source.setResourceVersion("10");
    startSynced();
    source.lastWatch().send(WatchEvent.modified(Item.of("ns", "a", "12")));
    source.lastWatch().end(new ExpiredException("too old resource version: 12"));
    await().until(() -> informer.state() == InformerState.BACKOFF);
    fixture.clock.advance(Duration.ofMillis(800));
    await().until(() -> source.lists().size() == 2);
    assertThat(source.lists().get(1).resourceVersion()).isEqualTo("12");
    assertThat(source.lists().get(1).limit()).isZero();
  }

  @Test
  void anExpiredListIsRetriedAtOnceAsAConsistentRead() throws InterruptedException {
    source.setResourceVersion("10");
    startSynced();
    source.failNextList(new ExpiredException("resourceVersion 10 is compacted"));
    source.lastWatch().end(new TransientSourceException("boom", TransientSourceException.Reason.INTERNAL_ERROR, 500, null));
    fixture.clock.advance(Duration.ofMillis(800));
    await().until(() -> source.watches().size() == 2);
    assertThat(listVersions()).containsExactly("0", "10", "");
    assertThat(source.lists().get(2).limit()).isEqualTo(500);
  }

  @Test
  void aTooLargeVersionOnListIsRetriedAtOnceAsAConsistentRead() throws InterruptedException {
    source.setResourceVersion("10");
    startSynced();
    source.failNextList(new TooLargeResourceVersionException("Too large resource version: 10, current: 8"));
    source.lastWatch().end(new ExpiredException("gone"));
    fixture.clock.advance(Duration.ofMillis(800));
    await().until(() -> source.watches().size() == 2);
    assertThat(listVersions()).containsExactly("0", "10", "");
  }

  @Test
  void continuationPagesCarryOnlyTheTokenAndAPaginatedZeroListKeepsPaging() throws InterruptedException {
    for (int i = 0; i < 1200; i++) {
      source.put(Item.of("ns", String.format("o%04d", i), "1"));
    }
    source.setResourceVersion("10");
    startSynced();
    assertThat(informer.indexer().size()).isEqualTo(1200);
    assertThat(source.lists()).hasSize(3);
    assertThat(source.lists().subList(1, 3)).allSatisfy(page -> {
      assertThat(page.resourceVersion()).isEmpty();
      assertThat(page.continueToken()).isNotNull();
      assertThat(page.limit()).isEqualTo(500);
    });
    source.lastWatch().end(new ExpiredException("gone"));
    fixture.clock.advance(Duration.ofMillis(800));
    await().until(() -> source.lists().size() == 6);
    assertThat(source.lists().get(3).resourceVersion()).isEqualTo("10");
    assertThat(source.lists().get(3).limit()).isEqualTo(500);
  }

  @Test
  void anExpiredContinuationFallsBackToOneFullListAtTheSameVersion() throws InterruptedException {
    for (int i = 0; i < 700; i++) {
      source.put(Item.of("ns", "o" + i, "1"));
    }
    source.setResourceVersion("10");
    source.expireContinuations(true);
    startSynced();
    assertThat(informer.indexer().size()).isEqualTo(700);
    assertThat(source.lists()).hasSize(3);
    ListRequest fallback = source.lists().get(2);
    assertThat(fallback.resourceVersion()).isEqualTo("0");
    assertThat(fallback.limit()).isZero();
    assertThat(fallback.continueToken()).isNull();
  }

  @Test
  void aConfiguredPageSizeAlwaysWins() throws InterruptedException {
    source.setResourceVersion("10");
    informer = fixture.builder().pageSize(50).build();
    informer.start();
    await().until(() -> source.watches().size() == 1);
    source.lastWatch().end(new ExpiredException("gone"));
    fixture.clock.advance(Duration.ofMillis(800));
    await().until(() -> source.lists().size() == 2);
    assertThat(source.lists()).extracting(ListRequest::limit).containsExactly(50L, 50L);
  }
}

package io.informer4j.manager;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.controller.ReconcileBarrier;
import io.informer4j.meta.ObjectKey;
import io.informer4j.source.ResourceVersionOrder;
import io.informer4j.time.ManualClock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * The release rule of read-your-writes on a cache whose content the test sets: ordered versions are
 * compared only under {@link ResourceVersionOrder#NUMERIC}; opaque ones need the exact version, a
 * change that is neither the base nor an own write, or a deletion; the bound releases the rest.
 */
class PendingWritesTest {

  private static final ObjectKey WEB = ObjectKey.of("shop", "web");
  private static final Duration BOUND = Duration.ofSeconds(5);

  private final Map<ObjectKey, String> cache = new ConcurrentHashMap<>();
  private final ManualClock clock = new ManualClock();

  private PendingWrites pending(ResourceVersionOrder order) {
    return new PendingWrites("test", order, key -> Optional.ofNullable(cache.get(key)), clock, BOUND);
  }

  /** Puts {@code version} of web in the cache and tells the barrier, as the event path does. */
  private void cacheShows(PendingWrites pending, String version) {
    if (version == null) {
      cache.remove(WEB);
    } else {
      cache.put(WEB, version);
    }
    pending.changed(WEB);
  }

  @Test
  void numericVersionsReleaseAtTheWrittenVersionOrLaterOnly() {
    PendingWrites pending = pending(ResourceVersionOrder.NUMERIC);
    cache.put(WEB, "5");
    pending.record(WEB, "11");
    CompletableFuture<?> ready = pending.whenReady(WEB);
    assertThat(ready).isNotDone();

    cacheShows(pending, "7");
    assertThat(ready).as("a change older than the write").isNotDone();
    cacheShows(pending, "12");
    assertThat(ready).as("a change newer than the write").isDone();
    assertThat(pending.whenReady(WEB)).isSameAs(ReconcileBarrier.READY);
    assertThat(pending.held()).isEqualTo(1);
  }

  @Test
  void opaqueVersionsFallBackToTheExactVersionOrALaterChange() {
    PendingWrites pending = pending(ResourceVersionOrder.OPAQUE);
    cache.put(WEB, "5");
    pending.record(WEB, "11");
    pending.record(WEB, "13");
    CompletableFuture<?> ready = pending.whenReady(WEB);

    cacheShows(pending, "5");
    assertThat(ready).as("the base again (a re-delivery)").isNotDone();
    cacheShows(pending, "11");
    assertThat(ready).as("an earlier own write").isNotDone();
    cacheShows(pending, "13");
    assertThat(ready).as("the last own write").isDone();

    pending.record(WEB, "20");
    CompletableFuture<?> next = pending.whenReady(WEB);
    cacheShows(pending, "7");
    assertThat(next).as("a change that is neither the base nor own: taken as later, as versions cannot be compared")
        .isDone();
  }

  @Test
  void theSameVersionsAreComparedUnderNumericButNotUnderOpaque() {
    cache.put(WEB, "5");
    PendingWrites numeric = pending(ResourceVersionOrder.NUMERIC);
    numeric.record(WEB, "11");
    cacheShows(numeric, "7");
    assertThat(numeric.whenReady(WEB)).isNotDone();

    cache.put(WEB, "5");
    PendingWrites opaque = pending(ResourceVersionOrder.OPAQUE);
    opaque.record(WEB, "11");
    cacheShows(opaque, "7");
    assertThat(opaque.whenReady(WEB)).isDone();
  }

  @Test
  void aMalformedVersionUnderNumericFallsBackToExactMatch() {
    PendingWrites pending = pending(ResourceVersionOrder.NUMERIC);
    cache.put(WEB, "5");
    pending.record(WEB, "v11");
    CompletableFuture<?> ready = pending.whenReady(WEB);
    cacheShows(pending, "5");
    assertThat(ready).isNotDone();
    cacheShows(pending, "v11");
    assertThat(ready).isDone();
  }

  @Test
  void aDeletionReleasesButACreateWaitsForTheObject() {
    PendingWrites pending = pending(ResourceVersionOrder.NUMERIC);
    cache.put(WEB, "5");
    pending.record(WEB, "11");
    CompletableFuture<?> updated = pending.whenReady(WEB);
    cacheShows(pending, null);
    assertThat(updated).as("deleted since the write").isDone();

    pending.record(WEB, "20");
    CompletableFuture<?> created = pending.whenReady(WEB);
    cacheShows(pending, null);
    assertThat(created).as("created by the write, not cached yet").isNotDone();
    cacheShows(pending, "20");
    assertThat(created).isDone();
  }

  @Test
  void aWriteTheCacheAlreadyHoldsHoldsNothing() {
    PendingWrites pending = pending(ResourceVersionOrder.OPAQUE);
    cache.put(WEB, "11");
    pending.record(WEB, "11");
    assertThat(pending.whenReady(WEB)).isSameAs(ReconcileBarrier.READY);
    assertThat(pending.held()).isZero();
    assertThat(clock.pendingTasks()).as("the bound is cancelled").isZero();
  }

  @Test
  void theBoundReleasesAWriteTheCacheNeverShowsAndCountsIt() {
    PendingWrites pending = pending(ResourceVersionOrder.NUMERIC);
    cache.put(WEB, "5");
    pending.record(WEB, "11");
    CompletableFuture<?> ready = pending.whenReady(WEB);
    clock.advance(BOUND.minusMillis(1));
    assertThat(ready).isNotDone();
    clock.advance(Duration.ofMillis(1));
    assertThat(ready).isDone();
    assertThat(pending.timedOut()).isEqualTo(1);
    assertThat(pending.whenReady(WEB)).isSameAs(ReconcileBarrier.READY);
  }

  @Test
  void eachWriteRestartsTheBound() {
    PendingWrites pending = pending(ResourceVersionOrder.NUMERIC);
    cache.put(WEB, "5");
    pending.record(WEB, "11");
    clock.advance(Duration.ofSeconds(4));
    pending.record(WEB, "12");
    clock.advance(Duration.ofSeconds(4));
    assertThat(pending.whenReady(WEB)).isNotDone();
    clock.advance(Duration.ofSeconds(1));
    assertThat(pending.whenReady(WEB)).isDone();
    assertThat(pending.timedOut()).isEqualTo(1);
  }
}

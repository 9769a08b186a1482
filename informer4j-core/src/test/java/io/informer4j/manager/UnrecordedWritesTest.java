package io.informer4j.manager;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.controller.Reconciler;
import io.informer4j.controller.Result;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import io.informer4j.testing.FakeBackend;
import io.informer4j.time.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.slf4j.event.EventRecordingLogger;
import org.slf4j.event.Level;
import org.slf4j.event.SubstituteLoggingEvent;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.helpers.SubstituteLogger;

/**
 * A change that follows what a reconcile read, shown while it runs or within the bound after, at a
 * version nobody recorded, is an unrecorded write: counted, the first warned once per controller;
 * recorded writes (even recorded after their event, or after the next reconcile began while the
 * write was marked in flight), resyncs, late changes and changes following another writer's unseen
 * version are not.
 */
class UnrecordedWritesTest {

  private static final TypeKey PODS = FakeBackend.PODS.key();
  private static final ObjectKey WEB = ObjectKey.of("shop", "web");
  private static final ObjectKey DB = ObjectKey.of("shop", "db");
  private static final Duration WINDOW = Duration.ofSeconds(5);

  private final Queue<SubstituteLoggingEvent> events = new ConcurrentLinkedQueue<>();
  private final ManualClock clock = new ManualClock();
  private final Map<ObjectKey, String> cache = new ConcurrentHashMap<>(Map.of(WEB, "1", DB, "1"));
  private final WriteHistory history = new WriteHistory();
  private final RecordedWrites recorded = new RecordedWrites();
  private final UnrecordedWrites unrecorded = new UnrecordedWrites("pods", PODS, recorded,
      key -> Optional.ofNullable(cache.get(key)), clock, WINDOW,
      new EventRecordingLogger(new SubstituteLogger("unrecorded", events, false), events));

  UnrecordedWritesTest() {
    recorded.add(history);
    recorded.whenWritesEnd(unrecorded::writesEnded);
  }

  /** Runs one reconcile of {@code key} that does {@code during} before it returns. */
  private void reconcile(ObjectKey key, Runnable during) throws Exception {
    Reconciler<ObjectKey> reconciler = unrecorded.around(k -> {
      during.run();
      return Result.done();
    });
    reconciler.reconcile(key);
  }

  /** The cache shows {@code key} changed from its version to {@code version}. */
  private void cacheShows(ObjectKey key, String version) {
    String old = cache.put(key, version);
    unrecorded.changed(key, Optional.ofNullable(old), version);
  }

  private List<String> warnings() {
    return events.stream().filter(e -> e.getLevel() == Level.WARN)
        .map(e -> MessageFormatter.basicArrayFormat(e.getMessage(), e.getArgumentArray())).toList();
  }

  @Test
  void aWriteNobodyRecordedIsWarnedOnceNamingTheObjectAndTheFix() throws Exception {
    reconcile(WEB, () -> { });
    cacheShows(WEB, "2");
    reconcile(DB, () -> cacheShows(DB, "2"));
    assertThat(unrecorded.count()).as("a change after the reconcile waits for the next one").isEqualTo(1);
    reconcile(WEB, () -> { });

    assertThat(unrecorded.count()).isEqualTo(2);
    assertThat(warnings()).singleElement().asString().contains("controller 'pods'", PODS.toString(), "shop/db",
        "resourceVersion 2", "forController", "ownWrites().record");
  }

  @Test
  void recordedWritesAreNotWarnedEvenWhenTheirEventCameBeforeTheRecord() throws Exception {
    reconcile(WEB, () -> {
      cacheShows(WEB, "2");
      history.record(PODS, WEB, "2", Optional.of("1"));
      cacheShows(WEB, "3");
      history.record(PODS, WEB, "3", Optional.of("2"));
    });
    cacheShows(WEB, "3");
    cacheShows(WEB, "4");
    history.record(PODS, WEB, "4", Optional.of("3"));
    reconcile(WEB, () -> { });

    assertThat(unrecorded.count()).isZero();
    assertThat(warnings()).isEmpty();
  }

  @Test
  void aWriteAnotherControllerOfTheManagerRecordedAfterItsEventIsNotWarned() throws Exception {
    WriteHistory other = new WriteHistory();
    recorded.add(other);
    reconcile(WEB, () -> { });
    cacheShows(WEB, "2");
    other.record(PODS, WEB, "2", Optional.of("1"));
    reconcile(WEB, () -> { });

    assertThat(unrecorded.count()).isZero();
  }

  @Test
  void changesAfterTheBoundOrOfKeysNotReconciledOrAfterAnUnseenVersionAreNotWarned() throws Exception {
    cacheShows(DB, "2");
    reconcile(WEB, () -> { });
    clock.advance(WINDOW.plusMillis(1));
    cacheShows(WEB, "2");
    reconcile(WEB, () -> { });
    cache.put(WEB, "3");
    cacheShows(WEB, "4");

    assertThat(unrecorded.count()).isZero();
  }

  @Test
  void theSweepDropsTheEntriesOfKeysPastTheirBound() throws Exception {
    ObjectKey first = ObjectKey.of("shop", "first");
    reconcile(first, () -> { });
    clock.advance(WINDOW.plusMillis(1));
    for (int i = 1; i < UnrecordedWrites.SWEEP_EVERY; i++) {
      reconcile(WEB, () -> { });
    }
    unrecorded.changed(first, Optional.empty(), "9");
    cacheShows(WEB, "2");
    reconcile(WEB, () -> { });

    assertThat(unrecorded.count()).as("only web, reconciled within the bound, is judged").isEqualTo(1);
    assertThat(unrecorded.tracked()).as("first swept, web kept").isEqualTo(1);
  }

  @Test
  void aResyncOfTheVersionReadIsNotAWrite() throws Exception {
    reconcile(WEB, () -> unrecorded.changed(WEB, Optional.of("1"), "1"));
    unrecorded.changed(WEB, Optional.of("1"), "1");

    assertThat(unrecorded.count()).isZero();
  }

  @Test
  void anObjectCreatedWithoutRecordIsWarnedAndADeletionForgetsTheKey() throws Exception {
    ObjectKey fresh = ObjectKey.of("shop", "fresh");
    reconcile(fresh, () -> cacheShows(fresh, "7"));
    assertThat(unrecorded.count()).isEqualTo(1);

    unrecorded.deleted(fresh);
    cacheShows(fresh, "8");
    assertThat(unrecorded.count()).isEqualTo(1);
  }

  @Test
  void aChangeWhileAWriteOfTheObjectIsInFlightIsJudgedOnlyOnceTheLastMarkClosed() throws Exception {
    reconcile(WEB, () -> { });
    WriteInFlight first = recorded.begin(PODS, WEB);
    WriteInFlight second = recorded.begin(PODS, WEB);
    cacheShows(WEB, "2");
    reconcile(WEB, () -> { });
    assertThat(unrecorded.count()).as("put off while writes are in flight").isZero();

    history.record(PODS, WEB, "2", Optional.of("1"));
    first.close();
    second.close();
    second.close();
    assertThat(unrecorded.count()).as("recorded before its mark closed").isZero();
    assertThat(recorded.writing(PODS, WEB)).isFalse();
  }

  @Test
  void aChangeStillUnrecordedWhenTheWriteInFlightEndsIsCounted() throws Exception {
    reconcile(WEB, () -> { });
    WriteInFlight failedWrite = recorded.begin(PODS, WEB);
    WriteInFlight otherObject = recorded.begin(PODS, DB);
    cacheShows(WEB, "2");
    reconcile(WEB, () -> { });
    otherObject.close();
    assertThat(unrecorded.count()).as("the write of web is still in flight").isZero();

    failedWrite.close();
    assertThat(unrecorded.count()).isEqualTo(1);
    assertThat(warnings()).singleElement().asString().contains("shop/web", "resourceVersion 2");
  }

  @Test
  void aMarkFromWritesNotBoundToAControllerMarksNothing() {
    OwnWrites notRegistered = new OwnWrites("pods");
    try (WriteInFlight mark = notRegistered.writing(PODS, WEB)) {
      assertThat(mark).isSameAs(WriteInFlight.NONE);
    }
  }

  @Test
  void aChangeTheNextReconcileReadBeforeItWasReportedIsStillJudged() throws Exception {
    reconcile(WEB, () -> { });
    cache.put(WEB, "2");
    reconcile(WEB, () -> { });
    unrecorded.changed(WEB, Optional.of("1"), "2");
    reconcile(WEB, () -> { });

    assertThat(unrecorded.count()).as("the change followed what the first reconcile read").isEqualTo(1);

    clock.advance(WINDOW.plusMillis(1));
    cache.put(WEB, "3");
    reconcile(WEB, () -> { });
    unrecorded.changed(WEB, Optional.of("2"), "3");
    reconcile(WEB, () -> { });
    assertThat(unrecorded.count()).as("not when the reconcile before ended longer than the bound ago").isEqualTo(1);
  }
}

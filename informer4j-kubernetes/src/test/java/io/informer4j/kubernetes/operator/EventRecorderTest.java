package io.informer4j.kubernetes.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.events.v1.Event;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Events: series aggregation, rate limit, a bounded queue that never blocks. */
class EventRecorderTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  /** A clock the test moves. */
  private static final class MovableClock extends Clock {
    private volatile Instant now = Instant.parse("2030-01-01T00:00:00Z");

    void advance(Duration by) {
      now = now.plus(by);
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }

  private final OperatorFixture fx = new OperatorFixture();
  private final MovableClock clock = new MovableClock();
  private final List<EventRecorder> recorders = new ArrayList<>();

  @AfterEach
  void close() {
    recorders.forEach(EventRecorder::close);
    fx.close();
  }

  private EventRecorder recorder(java.util.function.UnaryOperator<EventRecorder.Builder> options) {
    EventRecorder recorder = options.apply(EventRecorder.builder(fx.writes, "example.com/web-controller")
        .reportingInstance("web-controller-0").clock(clock)).build();
    recorders.add(recorder);
    return recorder;
  }

  private List<Event> events() {
    List<Event> events = new ArrayList<>(fx.client.events().v1().events().inNamespace("shop").list().getItems());
    events.sort(Comparator.comparing(e -> e.getMetadata().getName()));
    return events;
  }

  private static int count(Event event) {
    return event.getSeries() == null ? 1 : event.getSeries().getCount();
  }

  @Test
  void repeatedEventsBecomeOneEventWithACount() {
    EventRecorder recorder = recorder(b -> b);
    Deployment web = fx.deployment("shop", "web");

    for (int i = 0; i < 5; i++) {
      assertThat(recorder.event(web, EventType.NORMAL, "Scaled", "Scale", "scaled to 3")).isTrue();
      clock.advance(Duration.ofSeconds(10));
    }

    await().atMost(WAIT).until(() -> events().size() == 1 && count(events().get(0)) == 5);
    Event event = events().get(0);
    assertThat(event.getRegarding().getName()).isEqualTo("web");
    assertThat(event.getRegarding().getKind()).isEqualTo("Deployment");
    assertThat(event.getRegarding().getUid()).isEqualTo(web.getMetadata().getUid());
    assertThat(event.getReason()).isEqualTo("Scaled");
    assertThat(event.getType()).isEqualTo("Normal");
    assertThat(event.getReportingController()).isEqualTo("example.com/web-controller");
    assertThat(event.getEventTime().getTime()).isEqualTo("2030-01-01T00:00:00.000000Z");
    assertThat(event.getSeries().getLastObservedTime().getTime()).isEqualTo("2030-01-01T00:00:40.000000Z");
    assertThat(recorder.aggregated()).isEqualTo(4);
  }

  @Test
  void otherReasonsTypesAndObjectsAreOtherEvents() {
    EventRecorder recorder = recorder(b -> b);
    Deployment web = fx.deployment("shop", "web");
    Deployment api = fx.deployment("shop", "api");

    recorder.event(web, EventType.NORMAL, "Scaled", "Scale", "a");
    recorder.event(web, EventType.WARNING, "Scaled", "Scale", "b");
    recorder.event(web, EventType.NORMAL, "Failed", "Scale", "c");
    recorder.event(api, EventType.NORMAL, "Scaled", "Scale", "d");

    await().atMost(WAIT).until(() -> events().size() == 4);
    assertThat(events()).allSatisfy(event -> assertThat(event.getSeries()).isNull());
  }

  @Test
  void aSameEventAfterTheWindowStartsANewEvent() {
    EventRecorder recorder = recorder(b -> b.seriesWindow(Duration.ofMinutes(6)));
    Deployment web = fx.deployment("shop", "web");

    recorder.event(web, EventType.NORMAL, "Scaled", "Scale", "first");
    await().atMost(WAIT).until(() -> events().size() == 1);
    clock.advance(Duration.ofMinutes(7));
    recorder.event(web, EventType.NORMAL, "Scaled", "Scale", "second");

    await().atMost(WAIT).until(() -> events().size() == 2);
    assertThat(events()).extracting(Event::getNote).containsExactlyInAnyOrder("first", "second");
    assertThat(recorder.aggregated()).isZero();
  }

  @Test
  void eventsBeyondTheRateAreDroppedAndCounted() {
    EventRecorder recorder = recorder(b -> b.rateLimit(3, Duration.ofHours(1)));
    Deployment web = fx.deployment("shop", "web");

    List<Boolean> taken = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      taken.add(recorder.event(web, EventType.NORMAL, "Scaled", "Scale", "n"));
    }

    assertThat(taken).containsExactly(true, true, true, false, false);
    assertThat(recorder.rateLimited()).isEqualTo(2);
    await().atMost(WAIT).until(() -> events().size() == 1 && count(events().get(0)) == 3);
    clock.advance(Duration.ofHours(1));
    assertThat(recorder.event(web, EventType.NORMAL, "Scaled", "Scale", "n")).as("a token came back").isTrue();
  }

  @Test
  void aFullQueueDropsAndCountsWithoutBlockingTheCaller() {
    List<Runnable> held = new ArrayList<>();
    EventRecorder recorder = recorder(b -> b.queueCapacity(2).executor(held::add));
    Deployment web = fx.deployment("shop", "web");

    assertThat(recorder.event(web, EventType.NORMAL, "Scaled", "Scale", "1")).isTrue();
    assertThat(recorder.event(web, EventType.NORMAL, "Scaled", "Scale", "2")).isTrue();
    assertThat(recorder.event(web, EventType.NORMAL, "Scaled", "Scale", "3")).isFalse();
    assertThat(recorder.queueFull()).isEqualTo(1);
    assertThat(events()).isEmpty();

    assertThat(held).hasSize(1);
    held.get(0).run();

    assertThat(events()).singleElement().satisfies(event -> assertThat(count(event)).isEqualTo(2));
    assertThat(recorder.written()).as("a burst is one write per series").isEqualTo(1);
  }

  @Test
  void badEventsAreRefusedAtTheCall() {
    EventRecorder recorder = recorder(b -> b);
    Deployment web = fx.deployment("shop", "web");

    assertThatThrownBy(() -> recorder.event(web, EventType.NORMAL, " ", "Scale", "n"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reason");
    assertThatThrownBy(() -> recorder.event(web, EventType.NORMAL, "Scaled", "x".repeat(129), "n"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("action");
    assertThatThrownBy(() -> EventRecorder.builder(fx.writes, "")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> EventRecorder.builder(fx.writes, "c").rateLimit(0, Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}

package io.informer4j.informer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.source.TransientSourceException;
import io.informer4j.time.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.slf4j.event.EventRecordingLogger;
import org.slf4j.event.Level;
import org.slf4j.event.SubstituteLoggingEvent;
import org.slf4j.helpers.SubstituteLogger;

/** A failing source is logged with growing spacing: the first failure, then at most once a minute with a count. */
class FailureLogTest {

  private final Queue<SubstituteLoggingEvent> events = new ConcurrentLinkedQueue<>();
  private final ManualClock clock = new ManualClock();
  private final FailureLog failureLog = new FailureLog(
      new EventRecordingLogger(new SubstituteLogger("reflector", events, false), events), clock, "pods");
  private final TransientSourceException refused = new TransientSourceException("connection refused",
      TransientSourceException.Reason.CONNECTION_REFUSED);

  @Test
  void aBackendDownForTenMinutesCostsAtMostADozenLines() {
    for (int second = 0; second < 600; second++) {
      failureLog.failed("list pods", refused);
      clock.advance(Duration.ofSeconds(1));
    }
    failureLog.succeeded("list pods");

    List<SubstituteLoggingEvent> shown = shown();
    assertThat(shown).hasSizeBetween(2, 12);
    assertThat(shown.get(0).getMessage()).contains("{} failed: {}");
    assertThat(shown.get(1).getArgumentArray()).contains(60);
    assertThat(shown.get(shown.size() - 1).getLevel()).isEqualTo(Level.INFO);
    assertThat(shown.get(shown.size() - 1).getArgumentArray()).contains(600);
    assertThat(events).filteredOn(e -> e.getLevel() == Level.DEBUG).hasSize(600 - (shown.size() - 1));
  }

  @Test
  void aFlappingBackendIsBoundedToo() {
    for (int second = 0; second < 600; second++) {
      failureLog.failed("watch pods", refused);
      failureLog.succeeded("watch pods");
      clock.advance(Duration.ofSeconds(1));
    }
    assertThat(shown()).hasSizeLessThanOrEqualTo(2 * 11);
  }

  @Test
  void aNewStreakAfterAQuietMinuteIsLoggedAtOnce() {
    failureLog.failed("list pods", refused);
    failureLog.succeeded("list pods");
    clock.advance(Duration.ofMinutes(2));
    failureLog.failed("list pods", refused);
    assertThat(shown()).extracting(SubstituteLoggingEvent::getLevel).containsExactly(Level.WARN, Level.INFO, Level.WARN);
  }

  private List<SubstituteLoggingEvent> shown() {
    return events.stream().filter(e -> e.getLevel().toInt() >= Level.INFO.toInt()).toList();
  }
}

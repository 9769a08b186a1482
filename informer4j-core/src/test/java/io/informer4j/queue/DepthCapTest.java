package io.informer4j.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;

/** The soft depth cap: only new items are rejected; no update for a known item is lost. */
class DepthCapTest {

  private final ManualClock clock = new ManualClock();
  private final PriorityWorkQueue<String> queue =
      WorkQueue.<String>builder().clock(clock).scheduler(clock).maxDepth(2).build();

  @Test
  void aFullQueueRejectsOnlyNewItemsAndCountsThem() {
    assertThat(queue.add("a")).isTrue();
    assertThat(queue.add("b")).isTrue();

    assertThat(queue.add("c")).isFalse();
    assertThat(queue.add("a")).as("queued item: coalesced, not rejected").isTrue();
    assertThat(queue.len()).isEqualTo(2);
    assertThat(queue.rejectedAdds()).isEqualTo(1);
  }

  @Test
  void anAddForAnItemBeingProcessedIsNeverRejected() {
    queue.add("a");
    queue.add("b");
    assertThat(queue.poll()).contains("a");
    queue.add("c");
    assertThat(queue.len()).isEqualTo(2);

    assertThat(queue.add("a")).isTrue();
    queue.done("a");

    assertThat(queue.len()).as("the update for 'a' is kept, over the cap").isEqualTo(3);
    assertThat(queue.rejectedAdds()).isZero();
  }

  @Test
  void delayedAndRateLimitedAddsBypassTheCap() {
    queue.add("a");
    queue.add("b");
    queue.addAfter("late", Duration.ofSeconds(1));
    queue.addRateLimited("retry");

    assertThat(queue.add("late")).as("an item waiting for a delayed add is known").isTrue();
    clock.advance(Duration.ofSeconds(2));

    assertThat(queue.len()).isEqualTo(4);
    assertThat(queue.rejectedAdds()).isZero();
  }

  @Test
  void rejectionsWarnAtMostOncePer10SecondsWithTheCountSinceTheLastWarning() {
    RecordingLogger log = new RecordingLogger();
    DepthCap cap = new DepthCap("pods", 1, log);
    long second = Duration.ofSeconds(1).toNanos();

    cap.reject("a", second);
    cap.reject("b", 5 * second);
    cap.reject("c", 11 * second - 1);
    cap.reject("d", 11 * second);
    cap.reject("e", 20 * second);
    cap.reject("f", 31 * second);

    assertThat(log.warnings).containsExactly(
        "work queue 'pods' is at its depth cap of 1: rejected new item a (1 rejected since the last warning)",
        "work queue 'pods' is at its depth cap of 1: rejected new item d (3 rejected since the last warning)",
        "work queue 'pods' is at its depth cap of 1: rejected new item f (2 rejected since the last warning)");
    assertThat(cap.rejected()).isEqualTo(6);
  }

  /** Keeps the WARN lines logged to it, formatted. */
  private static final class RecordingLogger extends LegacyAbstractLogger {
    final List<String> warnings = new ArrayList<>();

    @Override
    protected void handleNormalizedLoggingCall(Level level, Marker marker, String pattern, Object[] arguments,
        Throwable throwable) {
      if (level == Level.WARN) {
        warnings.add(MessageFormatter.basicArrayFormat(pattern, arguments));
      }
    }

    @Override
    protected String getFullyQualifiedCallerName() {
      return null;
    }

    @Override
    public boolean isTraceEnabled() {
      return true;
    }

    @Override
    public boolean isDebugEnabled() {
      return true;
    }

    @Override
    public boolean isInfoEnabled() {
      return true;
    }

    @Override
    public boolean isWarnEnabled() {
      return true;
    }

    @Override
    public boolean isErrorEnabled() {
      return true;
    }
  }

  @Test
  void theCapChangesAtRunTime() {
    queue.add("a");
    queue.add("b");
    queue.setMaxDepth(0);
    assertThat(queue.add("c")).isTrue();
    queue.setMaxDepth(1);
    assertThat(queue.maxDepth()).isEqualTo(1);
    assertThat(queue.add("d")).isFalse();
    assertThat(queue.len()).as("items already queued are never evicted").isEqualTo(3);
    assertThatThrownBy(() -> queue.setMaxDepth(-1)).isInstanceOf(IllegalArgumentException.class);
  }
}

package io.informer4j.testsupport.await;

import java.time.Duration;
import org.awaitility.Awaitility;
import org.awaitility.pollinterval.PollInterval;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A JUnit 5 extension that makes Awaitility's waits in a test class end as soon as their condition
 * holds: the first check at once (Awaitility's own default waits one poll interval, 100 ms, before
 * it), then checks whose interval doubles from {@link #FIRST_INTERVAL} up to {@link #LONGEST_INTERVAL}.
 * Only how often a condition is checked changes; what a wait requires, and its bound, stay the test's.
 *
 * <p>A class opts in with {@code @ExtendWith(AwaitilityDefaults.class)}: one whose waits run many
 * times (a property check, a loop of cycles) and each of which waits for an effect that has surely
 * begun. A wait that sets its own poll delay or interval keeps them. Awaitility's defaults are
 * JVM-wide: they are set before the class's tests and reset to Awaitility's own after them. Test
 * classes must not run in parallel with each other (the build runs them one at a time).
 */
public final class AwaitilityDefaults implements BeforeAllCallback, AfterAllCallback {

  /** The interval after the first check. */
  public static final Duration FIRST_INTERVAL = Duration.ofMillis(1);
  /** The longest interval between two checks. */
  public static final Duration LONGEST_INTERVAL = Duration.ofMillis(50);

  /** Checks a condition at once, then after intervals doubling from the first to the longest. */
  public static final PollInterval DOUBLING = (pollCount, previous) -> {
    Duration doubled = previous.multipliedBy(2);
    if (doubled.compareTo(FIRST_INTERVAL) < 0) {
      return FIRST_INTERVAL;
    }
    return doubled.compareTo(LONGEST_INTERVAL) > 0 ? LONGEST_INTERVAL : doubled;
  };

  @Override
  public void beforeAll(ExtensionContext context) {
    Awaitility.setDefaultPollDelay(Duration.ZERO);
    Awaitility.setDefaultPollInterval(DOUBLING);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    Awaitility.reset();
  }
}

package io.informer4j.testsupport.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

/**
 * Runs small test classes that start a process and then fail, time out or simply forget it, with
 * the extension registered as the build registers it (auto-detection through the service file),
 * and checks that the process is gone afterwards and that the test is failed for it.
 */
class ProcessReaperTest {

  /** The processes the sample tests started. */
  static final List<ChildProcess> STARTED = new CopyOnWriteArrayList<>();

  @BeforeEach
  void clear() {
    STARTED.clear();
  }

  @Test
  void aTestThatStartsAProcessAndFailsLeavesNothingRunningAndIsToldWhy() {
    Events tests = run(FailsAfterStarting.class);

    tests.assertStatistics(stats -> stats.started(1).failed(1));
    Throwable failure = onlyFailure(tests);
    assertThat(failure).hasMessageContaining("the sample fails");
    assertThat(failure.getSuppressed()).singleElement().satisfies(reaped -> assertThat(reaped)
        .hasMessageContaining("left 1 process(es) running, now stopped: " + STARTED.get(0).pid() + " (sleep 600)"));
    assertThat(STARTED).singleElement().satisfies(process -> assertThat(process.isAlive()).isFalse());
  }

  @Test
  void aTestThatTimesOutLeavesNothingRunning() {
    Events tests = run(TimesOutAfterStarting.class);

    tests.assertStatistics(stats -> stats.started(1).failed(1));
    assertThat(onlyFailure(tests)).hasMessageContaining("timed out");
    assertThat(STARTED).singleElement().satisfies(process -> assertThat(process.isAlive()).isFalse());
  }

  @Test
  void aPassingTestThatForgetsItsProcessFails() {
    Events tests = run(ForgetsItsProcess.class);

    tests.assertStatistics(stats -> stats.started(1).failed(1));
    assertThat(onlyFailure(tests)).hasMessageContaining("the test forgets() left 1 process(es) running");
    assertThat(STARTED.get(0).isAlive()).isFalse();
  }

  @Test
  void aProcessStoppedByItsTestOrStartedForTheClassIsNoLeftoverOfATest() {
    Events tests = run(CleansUp.class);

    tests.assertStatistics(stats -> stats.started(2).succeeded(2));
    assertThat(STARTED).hasSize(2).allMatch(process -> !process.isAlive());
    Events classLevel = EngineTestKit.engine("junit-jupiter")
        .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "true")
        .selectors(selectClass(LeavesItsClassProcess.class)).execute().allEvents();
    assertThat(onlyFailure(classLevel)).hasMessageContaining("LeavesItsClassProcess left 1 process(es) running");
    assertThat(STARTED.get(2).isAlive()).isFalse();
  }

  private static Events run(Class<?> sample) {
    return EngineTestKit.engine("junit-jupiter")
        .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "true")
        .selectors(selectClass(sample))
        .execute()
        .testEvents();
  }

  private static Throwable onlyFailure(Events events) {
    List<Event> failed = events.failed().list();
    assertThat(failed).hasSize(1);
    return failed.get(0).getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable).orElseThrow();
  }

  private static ChildProcess sleeper() throws Exception {
    ChildProcess process = ChildProcess.start(new ProcessBuilder("sleep", "600"));
    STARTED.add(process);
    return process;
  }

  static class FailsAfterStarting {
    @Test
    void fails() throws Exception {
      sleeper();
      throw new AssertionError("the sample fails");
    }
  }

  static class TimesOutAfterStarting {
    @Test
    @Timeout(1)
    void hangs() throws Exception {
      sleeper().waitFor(Duration.ofMinutes(10));
    }
  }

  static class ForgetsItsProcess {
    @Test
    void forgets() throws Exception {
      sleeper();
    }
  }

  static class CleansUp {
    static ChildProcess forTheClass;

    @BeforeAll
    static void startOneForTheClass() throws Exception {
      forTheClass = sleeper();
    }

    @AfterAll
    static void stopIt() {
      forTheClass.stop();
    }

    @Test
    void stopsItsOwn() throws Exception {
      try (ChildProcess own = sleeper()) {
        assertThat(own.isAlive()).isTrue();
      }
    }

    @Test
    void usesTheClassOne() {
      assertThat(forTheClass.isAlive()).isTrue();
    }
  }

  static class LeavesItsClassProcess {
    @BeforeAll
    static void startOneForTheClass() throws Exception {
      sleeper();
    }

    @Test
    void passes() {
    }
  }
}

package io.informer4j.testsupport.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Starts processes and stops them, and their children, by PID. */
class ChildProcessTest {

  @Test
  void stopEndsTheProcessAndForgetsIt() throws Exception {
    ChildProcess sleeper = ChildProcess.start(new ProcessBuilder("sleep", "600"));
    assertThat(sleeper.isAlive()).isTrue();
    assertThat(ChildProcesses.runningSince(0)).contains(sleeper);

    sleeper.stop();

    assertThat(sleeper.isAlive()).isFalse();
    assertThat(ChildProcesses.runningSince(0)).doesNotContain(sleeper);
    sleeper.stop();
  }

  @Test
  void stopAlsoEndsTheProcessesItStarted() throws Exception {
    try (ChildProcess shell = ChildProcess.start(new ProcessBuilder("sh", "-c", "sleep 600 & echo $!; wait"))) {
      long child = Long.parseLong(firstLine(shell));
      ProcessHandle grandchild = ProcessHandle.of(child).orElseThrow();

      shell.stop();

      assertThat(grandchild.onExit()).succeedsWithin(Duration.ofSeconds(30));
      assertThat(ProcessHandle.of(child).filter(ProcessHandle::isAlive)).isEqualTo(Optional.empty());
    }
  }

  @Test
  void aProcessThatIgnoresTerminationIsKilled() throws Exception {
    try (ChildProcess stubborn = ChildProcess.start(new ProcessBuilder("sh", "-c", "trap '' TERM; echo ready; sleep 600 & wait"),
        Duration.ofMillis(500))) {
      assertThat(firstLine(stubborn)).isEqualTo("ready");
      stubborn.stop();
      assertThat(stubborn.isAlive()).isFalse();
    }
  }

  @Test
  void aNegativeStopGraceIsRefused() {
    assertThatThrownBy(() -> ChildProcess.start(new ProcessBuilder("true"), Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("stopGrace must not be negative: PT-1S");
  }

  @Test
  void aPausedProcessIsResumedSoThatItCanStop() throws Exception {
    try (ChildProcess paused = ChildProcess.start(new ProcessBuilder("sleep", "600"))) {
      paused.signal("STOP");
      paused.stop();
      assertThat(paused.isAlive()).isFalse();
    }
  }

  @Test
  void signallingAnEndedProcessIsAnError() throws Exception {
    try (ChildProcess done = ChildProcess.start(new ProcessBuilder("true"))) {
      assertThat(done.waitFor(Duration.ofSeconds(60))).isTrue();
      assertThatThrownBy(() -> done.signal("INT")).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("has ended");
    }
  }

  private static String firstLine(ChildProcess process) throws Exception {
    BufferedReader out = new BufferedReader(new InputStreamReader(process.process().getInputStream(), StandardCharsets.UTF_8));
    return out.readLine();
  }
}

package io.informer4j.testsupport.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/lib/leftover-processes}, the check {@code bin/test} runs after the build: it finds a
 * process of the build that outlived its parent (reparented to init), by the build's environment
 * mark or by the build's session, names it, stops it by PID and fails; with nothing left it passes.
 */
class LeftoverProcessesCheckTest {

  private static final Path CHECK = Path.of(System.getProperty("user.dir")).getParent()
      .resolve("bin/lib/leftover-processes");
  private static final Duration WAIT = Duration.ofSeconds(60);

  /** What the check printed and how it exited. */
  private record Outcome(int exitCode, String report) {
  }

  @Test
  void withNothingLeftTheCheckPasses() throws Exception {
    Outcome outcome = check(UUID.randomUUID().toString(), "");
    assertThat(outcome.exitCode()).as(outcome.report()).isZero();
    assertThat(outcome.report()).isEmpty();
  }

  @Test
  void anOrphanCarryingTheBuildsMarkIsFoundStoppedAndFailsTheCheck() throws Exception {
    String mark = UUID.randomUUID().toString();
    ProcessBuilder orphaning = new ProcessBuilder("setsid", "sh", "-c", "sleep 600 >/dev/null 2>&1 & echo $!");
    orphaning.environment().put("INFORMER4J_BUILD_MARK", mark);
    long orphan = Long.parseLong(outputOf(orphaning).trim());
    assertThat(parentOf(orphan)).as("the sleep outlived the shell that started it").isNotEqualTo(ProcessHandle.current().pid());

    Outcome outcome = check(mark, "");

    assertThat(outcome.exitCode()).isEqualTo(1);
    assertThat(outcome.report()).contains("1 process(es) started by the build are still running")
        .contains("  " + orphan + ": sleep 600");
    assertThat(exitOf(orphan)).succeedsWithin(WAIT);
  }

  @Test
  void anOrphanThatDroppedTheMarkIsFoundByTheBuildsSession() throws Exception {
    ProcessBuilder orphaning = new ProcessBuilder("setsid", "sh", "-c",
        "env -u INFORMER4J_BUILD_MARK sleep 600 >/dev/null 2>&1 & echo $$ $!");
    String[] sessionAndOrphan = outputOf(orphaning).trim().split(" ");
    long orphan = Long.parseLong(sessionAndOrphan[1]);

    Outcome outcome = check(UUID.randomUUID().toString(), sessionAndOrphan[0]);

    assertThat(outcome.exitCode()).isEqualTo(1);
    assertThat(outcome.report()).contains("  " + orphan + ": sleep 600");
    assertThat(exitOf(orphan)).succeedsWithin(WAIT);
  }

  private static Outcome check(String mark, String session) throws Exception {
    assertThat(Files.isExecutable(CHECK)).as(CHECK + " is executable").isTrue();
    try (ChildProcess check = ChildProcess.start(new ProcessBuilder(CHECK.toString(), mark, session, "0")
        .redirectOutput(ProcessBuilder.Redirect.DISCARD))) {
      String report = new String(check.process().getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(check.waitFor(WAIT)).as("the check ended").isTrue();
      return new Outcome(check.process().exitValue(), report);
    }
  }

  private static String outputOf(ProcessBuilder builder) throws IOException, InterruptedException {
    try (ChildProcess process = ChildProcess.start(builder)) {
      String out = new String(process.process().getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(process.waitFor(WAIT)).isTrue();
      return out;
    }
  }

  private static CompletableFuture<ProcessHandle> exitOf(long pid) {
    return ProcessHandle.of(pid).map(ProcessHandle::onExit).orElseGet(() -> CompletableFuture.completedFuture(null));
  }

  private static long parentOf(long pid) {
    return ProcessHandle.of(pid).flatMap(ProcessHandle::parent).map(ProcessHandle::pid).orElse(-1L);
  }
}

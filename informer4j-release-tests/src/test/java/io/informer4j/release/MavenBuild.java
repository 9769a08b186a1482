package io.informer4j.release;

import io.informer4j.testsupport.process.ChildProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a nested Maven build (the Maven running this build, from {@code informer4j.mavenHome}, else
 * {@code mvn} on the path) in batch mode, its output in a log file. Blocking; not thread-safe.
 */
final class MavenBuild {

  private static final long TIMEOUT_MINUTES = 20;

  private final List<String> command = new ArrayList<>();

  private MavenBuild(String... arguments) {
    String home = System.getProperty("informer4j.mavenHome", "");
    command.add(home.isEmpty() ? "mvn" : Path.of(home, "bin", "mvn").toString());
    command.add("-B");
    command.addAll(List.of(arguments));
  }

  /** A build of {@code pom} with {@code arguments} (goals, options, properties). */
  static MavenBuild of(Path pom, String... arguments) {
    MavenBuild build = new MavenBuild(arguments);
    build.command.add("-f");
    build.command.add(pom.toString());
    return build;
  }

  /**
   * Runs the build, its output going to {@code log}.
   *
   * @throws AssertionError naming the command and quoting the log's end when Maven fails or runs
   *                        past twenty minutes (it is then stopped, with the processes it started)
   */
  void run(Path log) throws IOException, InterruptedException {
    Files.createDirectories(log.getParent());
    try (ChildProcess maven = ChildProcess.start(new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(log.toFile()))) {
      if (!maven.waitFor(Duration.ofMinutes(TIMEOUT_MINUTES))) {
        throw new AssertionError("Maven ran past " + TIMEOUT_MINUTES + " minutes: " + this + "\n" + tail(log));
      }
      if (maven.process().exitValue() != 0) {
        throw new AssertionError("Maven exited with " + maven.process().exitValue() + ": " + this + "\n" + tail(log));
      }
    }
  }

  private static String tail(Path log) throws IOException {
    List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
  }

  /** Returns the command line. */
  @Override
  public String toString() {
    return String.join(" ", command);
  }
}

package io.informer4j.cli;

import io.informer4j.testsupport.process.ChildProcess;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs the {@code informer4j} program as a separate process with the test class path, as a user
 * would run it, collecting its output lines while it runs. {@link #close()} stops it by PID and
 * waits for it to end (it is a {@link ChildProcess}, so a test that forgets it is failed and it is
 * stopped all the same).
 */
final class CliProcess implements AutoCloseable {

  private final ChildProcess child;
  private final Process process;
  private final List<String> out = new CopyOnWriteArrayList<>();
  private final List<String> err = new CopyOnWriteArrayList<>();
  private final Thread outReader;
  private final Thread errReader;

  private CliProcess(ChildProcess child) {
    this.child = child;
    this.process = child.process();
    this.outReader = reader(process.getInputStream(), out);
    this.errReader = reader(process.getErrorStream(), err);
  }

  /** Starts {@code informer4j <args>} with the test class path. */
  static CliProcess start(String... args) throws IOException {
    return startWithEnvironment(Map.of(), args);
  }

  /** Starts {@code informer4j <args>} with the test class path and these environment variables added. */
  static CliProcess startWithEnvironment(Map<String, String> environment, String... args) throws IOException {
    return launch(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()), environment, args);
  }

  /** Starts {@code java -jar <jar> <args>}: the packaged program, as {@code bin/informer4j} runs it. */
  static CliProcess startJar(Path jar, String... args) throws IOException {
    return launch(List.of("-jar", jar.toString()), Map.of(), args);
  }

  private static CliProcess launch(List<String> javaArgs, Map<String, String> environment, String... args)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(javaArgs);
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().putAll(environment);
    return new CliProcess(ChildProcess.start(builder));
  }

  private static Thread reader(InputStream stream, List<String> lines) {
    Thread thread = new Thread(() -> {
      try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
          lines.add(line);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  /** Returns the first group of {@code pattern} in the output so far, if a line matches. */
  Optional<String> find(Pattern pattern) {
    for (String line : out) {
      Matcher matcher = pattern.matcher(line);
      if (matcher.find()) {
        return Optional.of(matcher.group(1));
      }
    }
    return Optional.empty();
  }

  /**
   * Waits for the program to end and for its output to be read.
   *
   * @return the exit code
   * @throws AssertionError if it does not end within {@code seconds}
   */
  int waitFor(long seconds) throws InterruptedException {
    if (!child.waitFor(Duration.ofSeconds(seconds))) {
      throw new AssertionError("informer4j did not end within " + seconds + " s; output:\n" + output());
    }
    outReader.join(TimeUnit.SECONDS.toMillis(10));
    errReader.join(TimeUnit.SECONDS.toMillis(10));
    return process.exitValue();
  }

  /**
   * Asks the program to end as {@code kill} would (SIGTERM, which the program handles like Ctrl-C).
   * Through the process handle, because {@link Process#destroy()} also closes the pipes, so
   * what the program prints while it stops would be lost.
   */
  void terminate() {
    process.toHandle().destroy();
  }

  /**
   * Sends the program SIGINT, as Ctrl-C in its terminal would.
   *
   * @throws org.opentest4j.TestAbortedException when the program ignores SIGINT (it inherited that
   *                                             from a shell that runs it in the background)
   */
  void interrupt() throws IOException {
    String status = Files.readString(Path.of("/proc", Long.toString(process.pid()), "status"));
    Matcher ignored = Pattern.compile("(?m)^SigIgn:\\s*([0-9a-f]+)$").matcher(status);
    Assumptions.assumeTrue(ignored.find() && (Long.parseLong(ignored.group(1), 16) & 0b10) == 0,
        "the program ignores SIGINT here");
    child.signal("INT");
  }

  /** Returns the stdout lines read so far. */
  List<String> out() {
    return List.copyOf(out);
  }

  /** Returns the stderr lines read so far. */
  List<String> err() {
    return List.copyOf(err);
  }

  /** Returns stdout and stderr, for failure messages. */
  String output() {
    return "stdout:\n" + String.join("\n", out) + "\nstderr:\n" + String.join("\n", err);
  }

  /** Stops the program by its PID, if it still runs, and waits for it to end. */
  @Override
  public void close() {
    child.stop();
  }
}

package io.informer4j.kubernetes.testserver;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * A test server running as a separate process ({@link TestServerCommand}), for tests whose clients
 * must not share its classpath — an operator on another fabric8 line, for example. It starts the
 * JVM on the test's own classpath, or from the informer4j program's jar ({@link Builder#cliJar}), with a
 * kubeconfig in a temporary directory, waits until the server says it is ready, and
 * {@link #close() stops it by its PID}: SIGTERM, then a kill when it has not ended after 20 s. The
 * server also ends on its own when this JVM does.
 *
 * <p>Uses nothing but the JDK, so it runs on any classpath. Thread-safe.
 */
public final class TestServerProcess implements AutoCloseable {

  private static final String MAIN_CLASS = "io.informer4j.kubernetes.testserver.TestServerCommand";
  private static final String READY = "ready ";
  private static final Duration STOP_WAIT = Duration.ofSeconds(20);

  private final Process process;
  private final Path directory;
  private final String url;
  private final List<String> output;
  private final CompletableFuture<Void> outputRead;

  private TestServerProcess(Process process, Path directory, String url, List<String> output,
                            CompletableFuture<Void> outputRead) {
    this.process = process;
    this.directory = directory;
    this.url = url;
    this.output = output;
    this.outputRead = outputRead;
  }

  /** Starts configuring a server process. */
  public static Builder builder() {
    return new Builder();
  }

  /** Returns the server's base URL, ending in {@code /}. */
  public String url() {
    return url;
  }

  /** Returns the kubeconfig the server wrote (in a temporary directory deleted on {@link #close()}). */
  public Path kubeconfig() {
    return directory.resolve("kubeconfig");
  }

  /** Returns the process id of the server. */
  public long pid() {
    return process.pid();
  }

  /** Returns true while the server process runs. */
  public boolean isAlive() {
    return process.isAlive();
  }

  /** Returns what the server printed on its standard output so far. */
  public List<String> output() {
    synchronized (output) {
      return List.copyOf(output);
    }
  }

  /**
   * Stops the server: SIGTERM, then a kill if it has not ended within 20 s; deletes its temporary
   * directory. Blocks until the process has ended and its output is read. Idempotent.
   */
  @Override
  public void close() {
    try {
      // SIGTERM through the handle: Process.destroy() would also close the pipes before the server's last words
      process.toHandle().destroy();
      if (!process.waitFor(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly().waitFor();
      }
      outputRead.get(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      // the output is what was read
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    } finally {
      delete(directory);
    }
  }

  private static void delete(Path directory) {
    try (Stream<Path> files = Files.walk(directory)) {
      files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
    } catch (IOException e) {
      // a temporary directory left behind
    }
  }

  /** Configures a {@link TestServerProcess}. Not thread-safe. */
  public static final class Builder {

    private String classpath = System.getProperty("java.class.path");
    private Path jar;
    private List<String> subcommand = List.of();
    private Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    private final List<String> arguments = new ArrayList<>();
    private Duration startTimeout = Duration.ofSeconds(60);

    private Builder() {
    }

    /** Runs the server on {@code classpath} (default: this JVM's, {@code java.class.path}). */
    public Builder classpath(String classpath) {
      this.classpath = Objects.requireNonNull(classpath, "classpath");
      this.jar = null;
      this.subcommand = List.of();
      return this;
    }

    /**
     * Runs the server from the informer4j program's runnable jar ({@code informer4j-cli.jar}, as
     * {@code bin/informer4j} builds it), as {@code java -jar informer4j-cli.jar test-server}, instead
     * of on a classpath: for tests whose own classpath must not hold the server's libraries.
     */
    public Builder cliJar(Path jar) {
      this.jar = Objects.requireNonNull(jar, "jar");
      this.subcommand = List.of("test-server");
      return this;
    }

    /** Runs the server with this {@code java} (default: this JVM's). */
    public Builder java(Path java) {
      this.java = Objects.requireNonNull(java, "java");
      return this;
    }

    /**
     * Adds options of {@link TestServerCommand}, such as {@code --serve Deployment} or
     * {@code --crd crd.yaml} ({@code --kubeconfig} and {@code --parent-pid} are set by the process).
     */
    public Builder arguments(String... options) {
      arguments.addAll(List.of(options));
      return this;
    }

    /** Waits this long at most for the server to be ready (default 60 s). */
    public Builder startTimeout(Duration timeout) {
      this.startTimeout = Objects.requireNonNull(timeout, "timeout");
      return this;
    }

    /**
     * Starts the server and waits until it is ready.
     *
     * @throws IllegalStateException if it ends or is not ready in time (with what it printed); the
     *                               process is stopped then
     * @throws UncheckedIOException  if it cannot be started
     */
    public TestServerProcess start() {
      Path directory;
      try {
        directory = Files.createTempDirectory("informer4j-test-server");
      } catch (IOException e) {
        throw new UncheckedIOException("no temporary directory for the test server", e);
      }
      List<String> command = new ArrayList<>(List.of(java.toString()));
      if (jar != null) {
        command.addAll(List.of("-jar", jar.toString()));
        command.addAll(subcommand);
      } else {
        command.addAll(List.of("-cp", classpath, MAIN_CLASS));
      }
      command.addAll(arguments);
      command.addAll(List.of("--kubeconfig", directory.resolve("kubeconfig").toString(),
          "--parent-pid", Long.toString(ProcessHandle.current().pid())));
      Process process;
      try {
        process = new ProcessBuilder(command).redirectError(directory.resolve("stderr.txt").toFile()).start();
      } catch (IOException e) {
        delete(directory);
        throw new UncheckedIOException("the test server could not be started: " + String.join(" ", command), e);
      }
      List<String> output = new ArrayList<>();
      CompletableFuture<String> ready = new CompletableFuture<>();
      CompletableFuture<Void> outputRead = new CompletableFuture<>();
      Thread reader = new Thread(() -> read(process, output, ready, outputRead), "test-server-output-" + process.pid());
      reader.setDaemon(true);
      reader.start();
      TestServerProcess server = null;
      try {
        String url = ready.get(startTimeout.toMillis(), TimeUnit.MILLISECONDS);
        server = new TestServerProcess(process, directory, url, output, outputRead);
        return server;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while the test server started", e);
      } catch (ExecutionException e) {
        throw new IllegalStateException("the test server (" + String.join(" ", arguments) + ") " + e.getCause().getMessage()
            + " before it was ready; it printed: " + output + " and on stderr: " + errors(directory), e);
      } catch (TimeoutException e) {
        throw new IllegalStateException("the test server (" + String.join(" ", arguments) + ") was not ready within "
            + startTimeout + "; it printed: " + output + " and on stderr: " + errors(directory), e);
      } finally {
        if (server == null) {
          new TestServerProcess(process, directory, "", output, outputRead).close();
        }
      }
    }

    private static void read(Process process, List<String> output, CompletableFuture<String> ready,
                             CompletableFuture<Void> outputRead) {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          synchronized (output) {
            output.add(line);
          }
          if (line.startsWith(READY)) {
            ready.complete(line.substring(READY.length()).split(" ", 2)[0]);
          }
        }
      } catch (IOException e) {
        // the process ended
      }
      outputRead.complete(null);
      ready.completeExceptionally(new IllegalStateException("ended with exit code " + process.onExit().join().exitValue()));
    }

    private static String errors(Path directory) {
      try {
        List<String> lines = Files.readAllLines(directory.resolve("stderr.txt"), StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(0, Math.min(lines.size(), 30)));
      } catch (IOException e) {
        return "(unreadable)";
      }
    }
  }
}

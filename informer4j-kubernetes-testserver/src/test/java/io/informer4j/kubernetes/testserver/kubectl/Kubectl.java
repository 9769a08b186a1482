package io.informer4j.kubernetes.testserver.kubectl;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.informer4j.testsupport.process.ChildProcess;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Runs the real kubectl against a kubeconfig, as a user would: {@code $KUBECTL}, else {@code kubectl}
 * on the PATH. A test that needs it is skipped, with the reason, when none can be found (bin/test
 * installs Debian's kubernetes-client when it is missing). Each instance has its own HOME, so
 * kubectl's discovery cache starts empty; {@link #close()} deletes it.
 */
final class Kubectl implements AutoCloseable {

  private static final long TIMEOUT_SECONDS = 120;

  private final Path kubeconfig;
  private final Path home;

  /** A finished run: its exit code and what it printed. */
  record Result(int exitCode, String out, String err) {
    /** Returns standard output, failing with what kubectl said when it did not exit 0. */
    String ok() {
      if (exitCode != 0) {
        throw new AssertionError("kubectl exited " + exitCode + ": " + err + out);
      }
      return out;
    }
  }

  Kubectl(Path kubeconfig) {
    this.kubeconfig = kubeconfig;
    try {
      this.home = Files.createTempDirectory("kubectl-home");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Returns the kubectl binary, skipping the calling test when there is none. */
  static String binary() {
    String configured = System.getenv("KUBECTL");
    if (configured != null && !configured.isBlank()) {
      return configured;
    }
    for (String directory : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
      if (Files.isExecutable(Path.of(directory, "kubectl"))) {
        return Path.of(directory, "kubectl").toString();
      }
    }
    assumeTrue(false, "kubectl is not installed (bin/test installs Debian's kubernetes-client): skipping the kubectl suite");
    return null;
  }

  /** Runs kubectl with {@code args}, feeding it {@code stdin} (or nothing), and waits for it. */
  Result withInput(String stdin, String... args) {
    return run(java.util.Map.of(), stdin, args);
  }

  /** Runs kubectl with {@code args} and extra environment variables ({@code KUBE_EDITOR}), and waits for it. */
  Result withEnvironment(java.util.Map<String, String> environment, String... args) {
    return run(environment, null, args);
  }

  private Result run(java.util.Map<String, String> environment, String stdin, String... args) {
    Path errors = errorFile();
    try (ChildProcess kubectl = start(environment, errors, args)) {
      Process process = kubectl.process();
      if (stdin != null) {
        process.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
      }
      process.getOutputStream().close();
      var out = process.getInputStream().readAllBytes();
      if (!kubectl.waitFor(Duration.ofSeconds(TIMEOUT_SECONDS))) {
        throw new AssertionError("kubectl " + String.join(" ", args) + " did not end within " + TIMEOUT_SECONDS + " s");
      }
      return new Result(process.exitValue(), new String(out, StandardCharsets.UTF_8), Files.readString(errors));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }

  /** Returns kubectl's minor version ({@code 32} for 1.32), from {@code kubectl version --client}. */
  int minorVersion() {
    String out = run("version", "--client", "-o", "json").ok();
    java.util.regex.Matcher minor = java.util.regex.Pattern.compile("\"minor\":\\s*\"(\\d+)").matcher(out);
    if (!minor.find()) {
      throw new AssertionError("no minor version in " + out);
    }
    return Integer.parseInt(minor.group(1));
  }

  /** Runs kubectl with {@code args} and no input. */
  Result run(String... args) {
    return withInput(null, args);
  }

  /** A kubectl that keeps running ({@code get -w}): its output lines as they come; {@link #close()} stops it by PID. */
  static final class Streaming implements AutoCloseable {
    private final ChildProcess kubectl;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    Streaming(ChildProcess kubectl) {
      this.kubectl = kubectl;
      Process process = kubectl.process();
      Thread reader = new Thread(() -> {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
          for (String line = in.readLine(); line != null; line = in.readLine()) {
            lines.add(line);
          }
        } catch (IOException e) {
          // the process was killed
        }
      }, "kubectl-output");
      reader.setDaemon(true);
      reader.start();
    }

    /** Returns the next {@code count} lines, failing when they do not come within 60 s. */
    List<String> next(int count) throws InterruptedException {
      List<String> taken = new ArrayList<>();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (taken.size() < count) {
        String line = lines.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
        if (line == null) {
          throw new AssertionError("kubectl printed " + taken + " and then nothing for 60 s");
        }
        taken.add(line);
      }
      return taken;
    }

    @Override
    public void close() {
      kubectl.stop();
    }
  }

  /** Starts kubectl with {@code args} and streams its output. */
  Streaming stream(String... args) {
    ChildProcess kubectl = start(java.util.Map.of(), errorFile(), args);
    try {
      kubectl.process().getOutputStream().close();
    } catch (IOException e) {
      kubectl.stop();
      throw new UncheckedIOException(e);
    }
    return new Streaming(kubectl);
  }

  private Path errorFile() {
    try {
      return Files.createTempFile(home, "stderr", ".txt");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private ChildProcess start(java.util.Map<String, String> environment, Path errors, String... args) {
    List<String> command = new ArrayList<>();
    command.add(binary());
    command.add("--kubeconfig=" + kubeconfig);
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().put("HOME", home.toString());
    builder.environment().remove("KUBECONFIG");
    builder.environment().putAll(environment);
    builder.redirectError(errors.toFile());
    try {
      return ChildProcess.start(builder);
    } catch (IOException e) {
      throw new UncheckedIOException("kubectl could not be started", e);
    }
  }

  /** Deletes this kubectl's HOME (its cache and the captured error output). */
  @Override
  public void close() {
    try (java.util.stream.Stream<Path> files = Files.walk(home)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

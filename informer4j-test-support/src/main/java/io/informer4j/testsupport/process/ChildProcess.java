package io.informer4j.testsupport.process;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * A process a test started (etcd, kubectl, the informer4j program, a Maven build), stopped by its
 * PID. Every child process of the build's tests is started through {@link #start}, which registers
 * it so that nothing outlives its test: {@link #close()} stops it; {@link ProcessReaper} stops what
 * a test left running and fails that test; and when the test JVM ends, a shutdown hook stops
 * whatever is left.
 *
 * <p>Stopping sends SIGCONT (a paused process could not act on what follows), then SIGTERM to the
 * process, waits up to its stop grace ({@link #STOP_GRACE} unless started with another) for it to end, then sends SIGKILL to it and to each of
 * its descendants still alive; every signal goes to a PID, never to a name. Thread-safe.
 */
public final class ChildProcess implements AutoCloseable {

  /** How long a stopped process may take to end after SIGTERM before it is killed. */
  public static final Duration STOP_GRACE = Duration.ofSeconds(10);
  private static final Duration KILL_WAIT = Duration.ofSeconds(10);

  private final Process process;
  private final String command;
  private final long sequence;
  private final Duration stopGrace;
  private volatile boolean stopRequested;

  private ChildProcess(Process process, String command, long sequence, Duration stopGrace) {
    this.process = process;
    this.command = command;
    this.sequence = sequence;
    this.stopGrace = stopGrace;
  }

  /**
   * Starts {@code builder}'s command and registers the process.
   *
   * @throws IOException as {@link ProcessBuilder#start()} does, when the command cannot be started
   */
  public static ChildProcess start(ProcessBuilder builder) throws IOException {
    return start(builder, STOP_GRACE);
  }

  /**
   * Starts {@code builder}'s command and registers the process, which {@link #stop()} kills when it
   * has not ended {@code stopGrace} after SIGTERM.
   *
   * @throws IOException as {@link ProcessBuilder#start()} does, when the command cannot be started
   * @throws IllegalArgumentException if {@code stopGrace} is negative
   */
  public static ChildProcess start(ProcessBuilder builder, Duration stopGrace) throws IOException {
    Objects.requireNonNull(builder, "builder");
    Objects.requireNonNull(stopGrace, "stopGrace");
    if (stopGrace.isNegative()) {
      throw new IllegalArgumentException("stopGrace must not be negative: " + stopGrace);
    }
    return ChildProcesses.register(sequence -> new ChildProcess(builder.start(), String.join(" ", builder.command()),
        sequence, stopGrace));
  }

  /** Returns the process, for its streams and exit value. */
  public Process process() {
    return process;
  }

  /** Returns the process id. */
  public long pid() {
    return process.pid();
  }

  /** Returns the command line it was started with. */
  public String command() {
    return command;
  }

  /** Returns true while the process runs. */
  public boolean isAlive() {
    return process.isAlive();
  }

  long sequence() {
    return sequence;
  }

  boolean stopRequested() {
    return stopRequested;
  }

  /**
   * Waits up to {@code timeout} for the process to end.
   *
   * @return true if it ended (its exit value is then {@code process().exitValue()})
   * @throws InterruptedException if interrupted while waiting
   */
  public boolean waitFor(Duration timeout) throws InterruptedException {
    return process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS);
  }

  /**
   * Sends the signal {@code name} ({@code INT}, {@code STOP}, {@code CONT}, …) to the process's PID
   * with {@code kill}, and waits for {@code kill} to finish.
   *
   * @throws IllegalStateException if the process has ended or {@code kill} fails
   */
  public void signal(String name) {
    if (!process.isAlive()) {
      throw new IllegalStateException("the process " + pid() + " (" + command + ") has ended");
    }
    if (!sendSignal(name, pid())) {
      throw new IllegalStateException("kill -" + name + " " + pid() + " failed");
    }
  }

  /**
   * Stops the process and its descendants (see the class comment) and waits until it has ended.
   * Does nothing to a process that has already ended. Idempotent.
   *
   * @throws IllegalStateException if the process is still alive after SIGKILL
   */
  public void stop() {
    stopRequested = true;
    try {
      List<ProcessHandle> family = new ArrayList<>(process.descendants().toList());
      if (process.isAlive()) {
        sendSignal("CONT", pid());
        process.toHandle().destroy();
        if (!waitFor(stopGrace)) {
          family.addAll(process.descendants().toList());
          process.toHandle().destroyForcibly();
        }
      }
      for (ProcessHandle member : family) {
        member.destroyForcibly();
      }
      if (!waitFor(KILL_WAIT)) {
        throw new IllegalStateException("the process " + pid() + " (" + command + ") is alive after SIGKILL");
      }
    } catch (InterruptedException e) {
      process.toHandle().destroyForcibly();
      Thread.currentThread().interrupt();
    } finally {
      ChildProcesses.forget(this);
    }
  }

  /** Stops the process; see {@link #stop()}. */
  @Override
  public void close() {
    stop();
  }

  /** Returns {@code pid (command)}. */
  @Override
  public String toString() {
    return pid() + " (" + command + ")";
  }

  private static boolean sendSignal(String name, long pid) {
    try {
      Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid))
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      if (!kill.waitFor(KILL_WAIT.toSeconds(), TimeUnit.SECONDS)) {
        kill.destroyForcibly();
        return false;
      }
      return kill.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}

package io.informer4j.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Configures the program's SLF4J output (slf4j-simple) before anything logs: warnings and errors
 * only (errors only for jetcd, whose retries the informer's state already shows), through
 * {@link io.informer4j.source.Redaction} on stderr, or into a temporary file while the dashboard owns the terminal (so
 * log lines do not tear the frame; the process's stderr then goes there too). Not thread-safe: call
 * once, first; later calls change nothing but return the same file.
 */
final class Logging {

  private static boolean configured;
  private static Path file;

  private Logging() {
  }

  /**
   * Sends log output to stderr, or to a new temporary file when {@code toFile}.
   *
   * @return the log file, or null for stderr
   */
  static Path configure(boolean toFile) {
    if (configured) {
      return file;
    }
    configured = true;
    setIfAbsent("org.slf4j.simpleLogger.defaultLogLevel", "warn");
    setIfAbsent("org.slf4j.simpleLogger.showDateTime", "true");
    setIfAbsent("org.slf4j.simpleLogger.dateTimeFormat", "HH:mm:ss.SSS");
    // jetcd warns on each retry of a failed call; the informer's state and the dashboard already say it
    setIfAbsent("org.slf4j.simpleLogger.log.io.etcd.jetcd", "error");
    // System.err as it is at each log call: the redacting stream set below
    setIfAbsent("org.slf4j.simpleLogger.logFile", "System.err");
    if (!toFile) {
      System.setErr(RedactingOutputStream.printStream(System.err));
      return null;
    }
    try {
      file = Files.createTempFile("informer4j-", ".log");
      System.setErr(RedactingOutputStream.printStream(new PrintStream(Files.newOutputStream(file), true, StandardCharsets.UTF_8)));
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a log file in the temporary directory", e);
    }
  }

  private static void setIfAbsent(String key, String value) {
    if (System.getProperty(key) == null) {
      System.setProperty(key, value);
    }
  }
}

package io.informer4j.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Configures the program's SLF4J output (slf4j-simple) before anything logs: warnings and errors
 * only (errors only for jetcd, whose retries the informer's state already shows), on stderr, or into
 * a temporary file while the dashboard owns the terminal (so log lines do not tear the frame). Not
 * thread-safe: call once, first.
 */
final class Logging {

  private Logging() {
  }

  /**
   * Sends log output to stderr, or to a new temporary file when {@code toFile}.
   *
   * @return the log file, or null for stderr
   */
  static Path configure(boolean toFile) {
    setIfAbsent("org.slf4j.simpleLogger.defaultLogLevel", "warn");
    setIfAbsent("org.slf4j.simpleLogger.showDateTime", "true");
    setIfAbsent("org.slf4j.simpleLogger.dateTimeFormat", "HH:mm:ss.SSS");
    // jetcd warns on each retry of a failed call; the informer's state and the dashboard already say it
    setIfAbsent("org.slf4j.simpleLogger.log.io.etcd.jetcd", "error");
    if (!toFile) {
      return null;
    }
    try {
      Path file = Files.createTempFile("informer4j-", ".log");
      setIfAbsent("org.slf4j.simpleLogger.logFile", file.toString());
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

package io.informer4j.cli;

import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * The options every running command shares: how long to run, where the health endpoints listen,
 * and whether to draw the live dashboard or print plain log lines. A picocli mixin; not thread-safe
 * (filled once by picocli, then only read).
 */
public final class RunOptions {

  @Option(names = "--duration", converter = DurationConverter.class, paramLabel = "<duration>",
      description = "Stop after this long (20s, 2m, 1h); default: run until Ctrl-C.")
  Duration duration;

  @Option(names = "--port", paramLabel = "<port>", defaultValue = "0",
      description = "Port of the health endpoints on 127.0.0.1 (/katalog, /healthz, /readyz, /metrics);"
          + " 0 picks a free one (default).")
  int port;

  @Option(names = "--no-dashboard",
      description = "Print plain log lines instead of redrawing the live dashboard (for CI; output that is not"
          + " a terminal is always plain).")
  boolean noDashboard;

  @Option(names = "--interval", converter = DurationConverter.class, paramLabel = "<duration>", defaultValue = "1s",
      description = "How often the dashboard is redrawn, or a status line printed with --no-dashboard (default 1s).")
  Duration interval;

  /** Returns how long to run, or null to run until stopped. */
  public Duration duration() {
    return duration;
  }

  /** Returns the health port; 0 for a free one. */
  public int port() {
    return port;
  }

  /**
   * Returns true to redraw a terminal dashboard, false for plain log lines: the dashboard needs a
   * terminal, so output to a pipe or file is always plain.
   */
  public boolean dashboard() {
    return !noDashboard && System.console() != null;
  }

  /** Returns how often the view refreshes. */
  public Duration interval() {
    return interval;
  }

  /** Checks the values picocli cannot check by type. */
  void validate() {
    if (port < 0 || port > 65535) {
      throw new CliException("--port must be between 0 and 65535, got " + port, 2, null);
    }
  }
}

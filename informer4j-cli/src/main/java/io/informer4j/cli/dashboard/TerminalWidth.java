package io.informer4j.cli.dashboard;

import java.io.IOException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The width of the terminal the dashboard draws on, asked of JLine at each call so that a resized
 * window is followed. JLine's system terminal is opened without taking over signals (Ctrl-C stays the
 * program's) and without changing the terminal's modes. Thread-safe.
 */
public final class TerminalWidth implements AutoCloseable {

  /** The width assumed when the terminal does not tell it. */
  public static final int FALLBACK = 120;

  private static final Logger log = LoggerFactory.getLogger(TerminalWidth.class);

  private final Terminal terminal;

  private TerminalWidth(Terminal terminal) {
    this.terminal = terminal;
  }

  /** Opens the system terminal; when it cannot be opened, every width is {@link #FALLBACK}. */
  public static TerminalWidth system() {
    try {
      return new TerminalWidth(TerminalBuilder.builder().system(true).nativeSignals(false).dumb(true).build());
    } catch (IOException | RuntimeException e) {
      log.debug("cannot open the terminal; assuming {} columns", FALLBACK, e);
      return new TerminalWidth(null);
    }
  }

  /** Returns the terminal's width in columns, or {@link #FALLBACK} when it has none. */
  public int columns() {
    int width = terminal == null ? 0 : terminal.getWidth();
    return width > 0 ? width : FALLBACK;
  }

  /** Releases the terminal. Idempotent. */
  @Override
  public void close() {
    if (terminal == null) {
      return;
    }
    try {
      terminal.close();
    } catch (IOException e) {
      log.debug("closing the terminal failed", e);
    }
  }
}

package io.informer4j.cli;

/**
 * A failure the program reports to its user as one line on stderr (prefixed {@code informer4j: }),
 * ending the program with {@link #exitCode()}: for example an unreachable server, a forbidden list, an
 * unknown resource or a port in use. The message must say what failed and, where it helps, what to
 * do; it never holds a stack trace.
 */
public class CliException extends RuntimeException {

  /** The exit code of a run that failed because of its environment or its input. */
  public static final int FAILED = 1;

  private final int exitCode;

  /** A failure ending the program with {@link #FAILED}. */
  public CliException(String message) {
    this(message, FAILED, null);
  }

  /** A failure ending the program with {@link #FAILED}, keeping its cause for debug logging. */
  public CliException(String message, Throwable cause) {
    this(message, FAILED, cause);
  }

  /** A failure ending the program with {@code exitCode}. */
  public CliException(String message, int exitCode, Throwable cause) {
    super(oneLine(message), cause);
    this.exitCode = exitCode;
  }

  /** Returns the program's exit code for this failure. */
  public int exitCode() {
    return exitCode;
  }

  /** Folds a message on one line, so the user sees one clear sentence. */
  static String oneLine(String message) {
    return message == null ? "unknown error" : message.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
  }
}

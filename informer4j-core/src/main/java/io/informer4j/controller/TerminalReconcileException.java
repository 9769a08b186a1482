package io.informer4j.controller;

/**
 * A reconcile error that retrying cannot fix, as controller-runtime's {@code TerminalError}: the
 * controller counts it ({@code controller_runtime_terminal_reconcile_errors_total} and the error
 * metrics), logs it, forgets the item's backoff and does <b>not</b> requeue it. Also recognised
 * when it is the cause (at any depth) of the exception a reconcile throws.
 */
public class TerminalReconcileException extends Exception {

  private static final long serialVersionUID = 1L;

  /** @param message what is wrong, naming the object */
  public TerminalReconcileException(String message) {
    super(message);
  }

  /**
   * @param message what is wrong, naming the object
   * @param cause   the underlying failure
   */
  public TerminalReconcileException(String message, Throwable cause) {
    super(message, cause);
  }

  /** Returns true when {@code failure} or one of its causes is a {@code TerminalReconcileException}. */
  static boolean isTerminal(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof TerminalReconcileException) {
        return true;
      }
      if (t.getCause() == t) {
        return false;
      }
    }
    return false;
  }
}

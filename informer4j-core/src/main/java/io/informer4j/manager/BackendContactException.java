package io.informer4j.manager;

import java.util.Objects;

/**
 * {@link Manager#start()} gave up on its backend: an informer (or the watch for new types) could not
 * make its first contact within the start timeout ({@link Manager.Builder#startTimeout}). The message
 * names what failed and what to fix; the cause is the backend's error, if any. The manager has been
 * stopped and none of its threads is left.
 */
public final class BackendContactException extends ManagerStartException {
  private static final long serialVersionUID = 1L;

  /** Why the first contact failed. */
  public enum Reason {
    /** Nothing accepted the connection (wrong address, server down, DNS name unknown). */
    UNREACHABLE,
    /** The TLS handshake failed (an untrusted server certificate, a client certificate refused). */
    TLS,
    /** The server rejected the credentials (401). */
    UNAUTHORIZED,
    /** The credentials may not list or watch a type (403). */
    FORBIDDEN,
    /** No answer, or only failures expected to pass (timeouts, 5xx, 429), within the start timeout. */
    NO_ANSWER,
    /** Another failure: a rejected request, or the informer ended before its first contact. */
    FAILED
  }

  private final Reason reason;
  private final String what;

  BackendContactException(Reason reason, String what, String message, Throwable cause) {
    super(message, cause);
    this.reason = Objects.requireNonNull(reason, "reason");
    this.what = Objects.requireNonNull(what, "what");
  }

  /** Returns why the first contact failed. */
  public Reason reason() {
    return reason;
  }

  /** Returns what failed to make contact: an informer's name, or the watch for new types. */
  public String what() {
    return what;
  }
}

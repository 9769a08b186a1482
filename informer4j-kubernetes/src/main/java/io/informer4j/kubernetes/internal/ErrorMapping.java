package io.informer4j.kubernetes.internal;

import io.informer4j.source.ExpiredException;
import io.informer4j.source.ForbiddenException;
import io.informer4j.source.InvalidRequestException;
import io.informer4j.source.SourceException;
import io.informer4j.source.TooLargeResourceVersionException;
import io.informer4j.source.TooManyRequestsException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.TransientSourceException.Reason;
import io.informer4j.source.TypeNotFoundException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * Turns what the Kubernetes API server answered (an HTTP status with a {@code Status} body, or a
 * Status in an ERROR watch event) and what the network did into the core's typed errors:
 * <ul>
 *   <li>410 ⇒ {@link ExpiredException};
 *   <li>504 whose Status says the resourceVersion is too large ⇒
 *       {@link TooLargeResourceVersionException}; any other 502/503/504 ⇒ transient UNAVAILABLE;
 *   <li>429 ⇒ {@link TooManyRequestsException} with the Retry-After header, or
 *       {@code details.retryAfterSeconds};
 *   <li>403 ⇒ {@link ForbiddenException}; 404 ⇒ {@link TypeNotFoundException};
 *   <li>400 and 422 ⇒ {@link InvalidRequestException}; 500 ⇒ transient INTERNAL_ERROR;
 *   <li>a failed TLS handshake ⇒ CONNECTION_LOST whose cause is an {@link SSLException};
 *   <li>refused or unresolvable connections ⇒ CONNECTION_REFUSED, timeouts ⇒ TIMEOUT, any other
 *       I/O failure ⇒ CONNECTION_LOST; an interrupted wait (the caller's thread was interrupted)
 *       and anything else ⇒ a plain {@link SourceException}.
 * </ul>
 * Stateless.
 */
public final class ErrorMapping {

  private ErrorMapping() {
  }

  /**
   * Maps an HTTP error answer.
   *
   * @param what       the request, for the message (for example {@code "list /api/v1/configmaps"})
   * @param httpCode   the HTTP status code
   * @param retryAfter the Retry-After header, or null
   * @param status     the Status body, {@link ApiStatus#EMPTY} when there was none
   */
  public static SourceException fromResponse(String what, int httpCode, String retryAfter, ApiStatus status) {
    String message = what + " failed with HTTP " + httpCode + describe(status);
    return byCode(httpCode, message, parseRetryAfter(retryAfter, status), status);
  }

  /** Maps the Status of an ERROR watch event (its own code decides; 500 when it has none). */
  public static SourceException fromWatchError(String what, ApiStatus status) {
    int code = status.code() > 0 ? status.code() : 500;
    String message = what + " received an ERROR event (code " + code + ")" + describe(status);
    return byCode(code, message, status.retryAfter(), status);
  }

  /** Maps a failure of the transport (connection, TLS, timeout) or of the call itself. */
  public static SourceException fromFailure(String what, Throwable failure) {
    Throwable cause = unwrap(failure);
    if (cause instanceof SourceException e) {
      return e;
    }
    if (cause instanceof InterruptedException || cause instanceof InterruptedIOException
        && cause.getCause() instanceof InterruptedException) {
      return new SourceException(what + " was interrupted", 0, cause);
    }
    String message = what + " failed: " + cause;
    if (isTlsFailure(cause)) {
      return new TransientSourceException(what + " failed in the TLS handshake: " + cause, Reason.CONNECTION_LOST, 0,
          cause instanceof SSLException ? cause : new SSLException(cause.toString(), cause));
    }
    if (cause instanceof ConnectException || cause instanceof UnknownHostException
        || cause instanceof NoRouteToHostException) {
      return new TransientSourceException(message, Reason.CONNECTION_REFUSED, 0, cause);
    }
    if (cause instanceof SocketTimeoutException || cause instanceof TimeoutException
        || cause instanceof InterruptedIOException) {
      return new TransientSourceException(message, Reason.TIMEOUT, 0, cause);
    }
    if (cause instanceof IOException) {
      return new TransientSourceException(message, Reason.CONNECTION_LOST, 0, cause);
    }
    return new SourceException(message, 0, cause);
  }

  /** True for a TLS failure: the JDK's, or one of the HTTP client's TLS layer (Netty's, under Vert.x). */
  private static boolean isTlsFailure(Throwable cause) {
    return cause instanceof SSLException || cause.getClass().getName().startsWith("io.netty.handler.ssl.");
  }

  private static SourceException byCode(int code, String message, Duration retryAfter, ApiStatus status) {
    return switch (code) {
      case 410 -> new ExpiredException(message);
      case 429 -> new TooManyRequestsException(message, retryAfter);
      case 403 -> new ForbiddenException(message);
      case 404 -> new TypeNotFoundException(message);
      case 400, 422 -> new InvalidRequestException(message, code);
      case 500 -> new TransientSourceException(message, Reason.INTERNAL_ERROR, code, null);
      case 504 -> isTooLargeResourceVersion(status)
          ? new TooLargeResourceVersionException(message)
          : new TransientSourceException(message, Reason.UNAVAILABLE, code, null);
      case 502, 503 -> new TransientSourceException(message, Reason.UNAVAILABLE, code, null);
      default -> new SourceException(message, code, null);
    };
  }

  /** True when the Status is Kubernetes' "Too large resource version" (reason or cause). */
  static boolean isTooLargeResourceVersion(ApiStatus status) {
    return status.causeReasons().contains("ResourceVersionTooLarge")
        || status.message().toLowerCase(Locale.ROOT).contains("too large resource version");
  }

  private static Duration parseRetryAfter(String header, ApiStatus status) {
    if (header != null) {
      try {
        long seconds = Long.parseLong(header.trim());
        if (seconds >= 0) {
          return Duration.ofSeconds(seconds);
        }
      } catch (NumberFormatException e) {
        // an HTTP date or garbage: the body's retryAfterSeconds (if any) decides below
      }
    }
    return status.retryAfter();
  }

  private static String describe(ApiStatus status) {
    StringBuilder text = new StringBuilder();
    if (!status.reason().isEmpty()) {
      text.append(" (").append(status.reason()).append(')');
    }
    if (!status.message().isEmpty()) {
      text.append(": ").append(status.message());
    }
    return text.toString();
  }

  private static Throwable unwrap(Throwable failure) {
    Throwable current = failure;
    while ((current instanceof CompletionException || current instanceof ExecutionException)
        && current.getCause() != null) {
      current = current.getCause();
    }
    if (current instanceof CancellationException) {
      return new IOException("the request was cancelled", current);
    }
    return current;
  }
}

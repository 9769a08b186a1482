package io.informer4j.etcd.internal;

import io.etcd.jetcd.common.exception.ClosedClientException;
import io.etcd.jetcd.common.exception.CompactedException;
import io.etcd.jetcd.common.exception.ErrorCode;
import io.etcd.jetcd.common.exception.EtcdException;
import io.etcd.jetcd.common.exception.EtcdExceptionFactory;
import io.informer4j.source.ExpiredException;
import io.informer4j.source.ForbiddenException;
import io.informer4j.source.InvalidRequestException;
import io.informer4j.source.SourceException;
import io.informer4j.source.TooLargeResourceVersionException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.TransientSourceException.Reason;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import javax.net.ssl.SSLException;

/**
 * Maps what jetcd and gRPC throw onto the core's typed source errors. Stateless.
 *
 * <p>gRPC's UNAVAILABLE covers two different situations, told apart here:
 * <ul>
 *   <li>nothing answered: the connection could not be made (a connect failure in the cause chain:
 *       refused, timed out, no route, unknown host; also while gRPC waits to reconnect, as it fails
 *       calls with the last connect failure), or a call that had not reached the server yet failed
 *       ⇒ {@link Reason#CONNECTION_REFUSED}, which informers retry soon;
 *   <li>etcd answered with an error ({@code "etcdserver: leader changed"}, {@code "no leader"},
 *       {@code "request timed out"}, {@code "server stopped"}, …) ⇒ {@link Reason#UNAVAILABLE} (503),
 *       backed off like any server error;
 * </ul>
 * and otherwise an established connection broke ({@code "Network closed for unknown reason"}, a
 * failed keepalive) ⇒ {@link Reason#CONNECTION_LOST}. A failed TLS handshake is not transient: it
 * names the TLS problem. jetcd reports a failed authentication as UNAUTHENTICATED with the
 * authentication call's error as cause: when that call could not reach etcd, the cause is what
 * counts, so an outage never looks like rejected credentials.
 */
public final class EtcdErrors {

  private static final String COMPACTED = "required revision has been compacted";
  private static final String FUTURE = "required revision is a future revision";
  /** etcd's answers to missing or wrong credentials that do not use UNAUTHENTICATED. */
  private static final List<String> REJECTED_CREDENTIALS = List.of("etcdserver: user name is empty",
      "etcdserver: authentication failed", "etcdserver: user name not found");
  /** How every error etcd itself sends begins. */
  private static final String SERVER_ERROR = "etcdserver:";

  private EtcdErrors() {
  }

  /**
   * Classifies a failure.
   *
   * @param what          what was attempted, for the message, for example "list of /registry/widgets"
   * @param failure       the error, possibly wrapped in execution or completion exceptions
   * @param beforeContact true when the call had not yet reached the server (an unavailable server that
   *                      did not answer is then reported as refusing connections)
   */
  public static SourceException classify(String what, Throwable failure, boolean beforeContact) {
    Throwable error = unwrap(failure);
    if (error instanceof SourceException source) {
      return source;
    }
    if (error instanceof CompactedException compacted) {
      return new ExpiredException(what + ": etcd compacted its history up to revision "
          + compacted.getCompactedRevision(), compacted);
    }
    if (error instanceof ClosedClientException) {
      return new SourceException(what + ": the etcd client is closed", 0, error);
    }
    if (causedBy(error, SSLException.class)) {
      return new SourceException(what + " failed: the TLS connection to etcd could not be established ("
          + rootMessage(error) + "); check the CA certificate, the client certificate and the endpoint's scheme", 0, error);
    }
    if (!(error instanceof EtcdException) && !causedBy(error, StatusRuntimeException.class)
        && !causedBy(error, StatusException.class)) {
      return new SourceException(what + " failed: " + error, 0, error);
    }
    EtcdException etcd = EtcdExceptionFactory.toEtcdException(error);
    ErrorCode code = etcd.getErrorCode();
    Throwable inner = nestedStatus(error);
    if (code == ErrorCode.UNAUTHENTICATED && inner != null
        && (code(inner) == ErrorCode.UNAVAILABLE || code(inner) == ErrorCode.DEADLINE_EXCEEDED)) {
      return classify(what + " (authenticating)", inner, beforeContact);
    }
    String message = etcd.getMessage() != null ? etcd.getMessage() : inner != null ? inner.getMessage() : "";
    String detail = what + " failed: " + code + " " + message;
    return switch (code) {
      case OUT_OF_RANGE -> message.contains(FUTURE)
          ? new TooLargeResourceVersionException(detail)
          : message.contains(COMPACTED) ? new ExpiredException(detail, error) : new SourceException(detail, 400, error);
      case UNAVAILABLE -> new TransientSourceException(detail, unavailable(message, error, beforeContact), 503, error);
      case DEADLINE_EXCEEDED -> new TransientSourceException(detail, Reason.TIMEOUT, 504, error);
      case INTERNAL, UNKNOWN, DATA_LOSS -> new TransientSourceException(detail, Reason.INTERNAL_ERROR, 500, error);
      case RESOURCE_EXHAUSTED, ABORTED -> new TransientSourceException(detail, Reason.UNAVAILABLE, 503, error);
      case PERMISSION_DENIED -> new ForbiddenException(detail, error);
      case UNAUTHENTICATED -> new SourceException(detail, 401, error);
      case INVALID_ARGUMENT, FAILED_PRECONDITION -> REJECTED_CREDENTIALS.stream().anyMatch(message::startsWith)
          ? new SourceException(detail, 401, error) : new InvalidRequestException(detail, 400);
      default -> new SourceException(detail, 0, error);
    };
  }

  /** Returns jetcd's error code for a failure (UNKNOWN for errors that are not gRPC's or etcd's). */
  public static ErrorCode code(Throwable failure) {
    return EtcdExceptionFactory.toEtcdException(unwrap(failure)).getErrorCode();
  }

  /**
   * Returns true when a response was refused by the client for exceeding its inbound message limit
   * (RESOURCE_EXHAUSTED raised by gRPC, unlike etcd's own {@code "etcdserver: too many requests"}).
   */
  public static boolean isResponseTooLarge(Throwable failure) {
    EtcdException etcd = EtcdExceptionFactory.toEtcdException(unwrap(failure));
    return etcd.getErrorCode() == ErrorCode.RESOURCE_EXHAUSTED && !answeredByEtcd(etcd.getMessage());
  }

  /** Tells an UNAVAILABLE etcd that answered from one that could not be reached or a broken connection. */
  private static Reason unavailable(String message, Throwable error, boolean beforeContact) {
    if (answeredByEtcd(message)) {
      return Reason.UNAVAILABLE;
    }
    if (beforeContact || causedBy(error, ConnectException.class) || causedBy(error, NoRouteToHostException.class)
        || causedBy(error, UnknownHostException.class)) {
      return Reason.CONNECTION_REFUSED;
    }
    return Reason.CONNECTION_LOST;
  }

  /** Returns the first gRPC or etcd error below the top of {@code error}'s cause chain, or null. */
  private static Throwable nestedStatus(Throwable error) {
    for (Throwable t = error.getCause(); t != null && t != t.getCause(); t = t.getCause()) {
      if (t instanceof StatusRuntimeException || t instanceof StatusException || t instanceof EtcdException) {
        return t;
      }
    }
    return null;
  }

  private static boolean answeredByEtcd(String message) {
    return message != null && message.startsWith(SERVER_ERROR);
  }

  private static String rootMessage(Throwable error) {
    Throwable root = error;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return String.valueOf(root.getMessage());
  }

  private static Throwable unwrap(Throwable failure) {
    Throwable error = failure;
    while ((error instanceof ExecutionException || error instanceof CompletionException) && error.getCause() != null) {
      error = error.getCause();
    }
    return error;
  }

  private static boolean causedBy(Throwable error, Class<? extends Throwable> type) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
      if (t.getCause() == t) {
        return false;
      }
    }
    return false;
  }
}

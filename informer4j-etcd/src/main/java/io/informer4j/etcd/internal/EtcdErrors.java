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
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Maps what jetcd and gRPC throw onto the core's typed source errors. Stateless. */
public final class EtcdErrors {

  private static final String COMPACTED = "required revision has been compacted";
  private static final String FUTURE = "required revision is a future revision";

  private EtcdErrors() {
  }

  /**
   * Classifies a failure.
   *
   * @param what          what was attempted, for the message, for example "list of /registry/widgets"
   * @param failure       the error, possibly wrapped in execution or completion exceptions
   * @param beforeContact true when the call had not yet reached the server (an unavailable server is
   *                      then reported as refusing connections)
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
    if (!(error instanceof EtcdException) && !causedBy(error, StatusRuntimeException.class)
        && !causedBy(error, StatusException.class)) {
      return new SourceException(what + " failed: " + error, 0, error);
    }
    EtcdException etcd = EtcdExceptionFactory.toEtcdException(error);
    ErrorCode code = etcd.getErrorCode();
    String message = String.valueOf(etcd.getMessage());
    String detail = what + " failed: " + code + " " + message;
    return switch (code) {
      case OUT_OF_RANGE -> message.contains(FUTURE)
          ? new TooLargeResourceVersionException(detail)
          : message.contains(COMPACTED) ? new ExpiredException(detail, error) : new SourceException(detail, 400, error);
      case UNAVAILABLE -> new TransientSourceException(detail,
          beforeContact || causedBy(error, ConnectException.class) ? Reason.CONNECTION_REFUSED : Reason.CONNECTION_LOST,
          503, error);
      case DEADLINE_EXCEEDED -> new TransientSourceException(detail, Reason.TIMEOUT, 504, error);
      case INTERNAL, UNKNOWN, DATA_LOSS -> new TransientSourceException(detail, Reason.INTERNAL_ERROR, 500, error);
      case RESOURCE_EXHAUSTED, ABORTED -> new TransientSourceException(detail, Reason.UNAVAILABLE, 503, error);
      case PERMISSION_DENIED -> new ForbiddenException(detail, error);
      case UNAUTHENTICATED -> new SourceException(detail, 401, error);
      case INVALID_ARGUMENT, FAILED_PRECONDITION -> new InvalidRequestException(detail, 400);
      default -> new SourceException(detail, 0, error);
    };
  }

  /** Returns jetcd's error code for a failure (UNKNOWN for errors that are not gRPC's or etcd's). */
  public static ErrorCode code(Throwable failure) {
    return EtcdExceptionFactory.toEtcdException(unwrap(failure)).getErrorCode();
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

package io.informer4j.cli.watch;

import io.informer4j.cli.CliException;
import io.informer4j.source.ForbiddenException;
import io.informer4j.source.SourceException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.TypeNotFoundException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Turns a failed first request to a server into the one line the user sees: unreachable (saying why
 * when a connect failure tells it: connection refused, an unknown host, no route, a timeout, rather
 * than a client library's wording such as gRPC's {@code UNAVAILABLE io exception}), bad credentials
 * (401), forbidden (403), unknown resource, or the server's own message. Pure; thread-safe.
 */
final class SourceErrors {

  private SourceErrors() {
  }

  /**
   * Returns the failure to report.
   *
   * @param error    what the source threw
   * @param server   the server, as the user named it ({@code the Kubernetes API server at https://…})
   * @param resource what was asked for ({@code configmaps in namespace shop}, {@code keys under /x/})
   */
  static CliException describe(SourceException error, String server, String resource) {
    String detail = error.getMessage();
    if (error instanceof TransientSourceException transient_
        && (transient_.reason() == TransientSourceException.Reason.CONNECTION_REFUSED
        || transient_.reason() == TransientSourceException.Reason.CONNECTION_LOST
        || transient_.reason() == TransientSourceException.Reason.TIMEOUT)) {
      return new CliException("cannot reach " + server + " (" + unreachable(error) + ")", error);
    }
    if (error instanceof ForbiddenException) {
      return new CliException("forbidden (403): the credentials may not list " + resource + " on " + server
          + " (" + detail + ")", error);
    }
    if (error.statusCode() == 401) {
      return new CliException("unauthorized (401): " + server + " rejected the credentials (" + detail + ")", error);
    }
    if (error instanceof TypeNotFoundException) {
      return new CliException("unknown resource: " + resource + " is not served by " + server + " (" + detail + ")", error);
    }
    return new CliException("listing " + resource + " on " + server + " failed: " + detail, error);
  }

  /** Says why a server could not be reached, from the first connect failure in the cause chain; else the error's message. */
  private static String unreachable(SourceException error) {
    for (Throwable cause = error; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
      String message = cause.getMessage() == null ? "" : cause.getMessage();
      if (cause instanceof UnknownHostException) {
        return "unknown host: " + message;
      }
      if (cause instanceof NoRouteToHostException) {
        return "no route to host";
      }
      if (cause instanceof ConnectException) {
        return message.toLowerCase(Locale.ROOT).contains("timed out") ? "connection timed out" : "connection refused";
      }
    }
    return error.getMessage();
  }
}

package io.informer4j.kubernetes.testserver;

import io.informer4j.source.ExpiredException;
import io.informer4j.source.ForbiddenException;
import io.informer4j.source.InvalidRequestException;
import io.informer4j.source.SourceException;
import io.informer4j.source.TooLargeResourceVersionException;
import io.informer4j.source.TooManyRequestsException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.TypeNotFoundException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Kubernetes {@code Status} documents for the errors the simulated API raises, with the HTTP code,
 * reason and details a real API server uses for them. Stateless.
 */
final class Statuses {

  private Statuses() {
  }

  /** A failure answer: its HTTP code, its Status document and its Retry-After header (or null). */
  record Failure(int code, Map<String, Object> status, String retryAfter) {
  }

  /** Returns the answer for {@code error}. */
  static Failure of(SourceException error) {
    String message = error.getMessage() == null ? error.toString() : error.getMessage();
    if (error instanceof ExpiredException) {
      return new Failure(410, status(410, "Expired", message, null), null);
    }
    if (error instanceof TooLargeResourceVersionException) {
      return new Failure(504, status(504, "Timeout", "Too large resource version: " + message,
          Map.of("causes", List.of(Map.of("reason", "ResourceVersionTooLarge", "message", message)), "retryAfterSeconds", 1)), null);
    }
    if (error instanceof TooManyRequestsException throttled) {
      long seconds = throttled.retryAfter() == null ? 1 : Math.max(1, throttled.retryAfter().toSeconds());
      return new Failure(429, status(429, "TooManyRequests", message, Map.of("retryAfterSeconds", seconds)),
          Long.toString(seconds));
    }
    if (error instanceof ForbiddenException) {
      return new Failure(403, status(403, "Forbidden", message, null), null);
    }
    if (error instanceof TypeNotFoundException) {
      return notFound(message);
    }
    if (error instanceof InvalidRequestException invalid) {
      int code = invalid.statusCode() == 400 ? 400 : 422;
      return new Failure(code, status(code, code == 400 ? "BadRequest" : "Invalid", message, null), null);
    }
    if (error instanceof TransientSourceException transientError) {
      return switch (transientError.reason()) {
        case INTERNAL_ERROR -> new Failure(500, status(500, "InternalError", message, null), null);
        case TIMEOUT -> new Failure(504, status(504, "Timeout", message, null), null);
        default -> new Failure(503, status(503, "ServiceUnavailable", message, null), null);
      };
    }
    int code = error.statusCode() >= 400 ? error.statusCode() : 500;
    return new Failure(code, status(code, "InternalError", message, null), null);
  }

  /** Returns a 404 answer. */
  static Failure notFound(String message) {
    return new Failure(404, status(404, "NotFound", message, null), null);
  }

  /** Returns a 400 answer. */
  static Failure badRequest(String message) {
    return new Failure(400, status(400, "BadRequest", message, null), null);
  }

  /** Returns a 405 answer. */
  static Failure methodNotAllowed(String message) {
    return new Failure(405, status(405, "MethodNotAllowed", message, null), null);
  }

  /** Returns a 409 answer. */
  static Failure conflict(String message) {
    return new Failure(409, status(409, "Conflict", message, null), null);
  }

  /** Returns a 403 answer. */
  static Failure forbidden(String message) {
    return new Failure(403, status(403, "Forbidden", message, null), null);
  }

  /**
   * Returns a 415 answer for a body in a format the server does not read, with the API server's
   * message (k8s.io/apiserver pkg/endpoints/handlers/negotiation/errors.go, errUnsupportedMediaType).
   */
  static Failure unsupportedMediaType(java.util.Collection<String> accepted) {
    return new Failure(415, status(415, "UnsupportedMediaType", "the body of the request was in an unknown format - "
        + "accepted media types include: " + String.join(", ", accepted), null), null);
  }

  /** Returns a 406 answer for an Accept header that names no format the server writes (errNotAcceptable). */
  static Failure notAcceptable() {
    return new Failure(406, status(406, "NotAcceptable",
        "only the following media types are accepted: application/json, application/yaml", null), null);
  }

  /**
   * Returns a 422 Invalid answer as the API server builds it (apimachinery's errors.NewInvalid): the
   * message {@code <Kind>[.<group>] "<name>" is invalid: <errors>}, each error also a cause with its field.
   */
  static Failure invalid(io.informer4j.meta.TypeKey type, String name, List<FieldError> errors) {
    List<Object> causes = new java.util.ArrayList<>();
    for (FieldError error : errors) {
      causes.add(Map.of("reason", error.reason(), "message", error.body(), "field", error.field()));
    }
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("name", name);
    if (!type.group().isEmpty()) {
      details.put("group", type.group());
    }
    details.put("kind", type.kind());
    details.put("causes", causes);
    String all = errors.size() == 1 ? errors.get(0).toString()
        : "[" + String.join(", ", errors.stream().map(FieldError::toString).toList()) + "]";
    String qualifiedKind = type.group().isEmpty() ? type.kind() : type.kind() + "." + type.group();
    return new Failure(422, status(422, "Invalid", qualifiedKind + " \"" + name + "\" is invalid: " + all, details), null);
  }

  /** Returns the 200 Status of a deletion (the generic store's finalizeDelete: {@code details.kind} is the resource). */
  static Map<String, Object> deleted(ResourceType type, String name, String uid) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("name", name);
    if (!type.type().group().isEmpty()) {
      details.put("group", type.type().group());
    }
    details.put("kind", type.plural());
    details.put("uid", uid);
    Map<String, Object> status = status(200, null, null, details);
    status.remove("code");
    return status;
  }

  /** Returns a Status document. */
  static Map<String, Object> status(int code, String reason, String message, Map<String, Object> details) {
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("kind", "Status");
    status.put("apiVersion", "v1");
    status.put("metadata", Map.of());
    status.put("status", code < 400 ? "Success" : "Failure");
    if (message != null) {
      status.put("message", message);
    }
    if (reason != null) {
      status.put("reason", reason);
    }
    if (details != null) {
      status.put("details", details);
    }
    status.put("code", code);
    return status;
  }
}

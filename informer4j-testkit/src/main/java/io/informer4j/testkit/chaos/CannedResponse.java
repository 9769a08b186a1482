package io.informer4j.testkit.chaos;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * An HTTP/1.1 response {@link FaultProxy} sends instead of forwarding a request, with a
 * {@code Content-Length} body; the factories build the answers a Kubernetes API server gives. The
 * connection stays usable after it. Immutable.
 *
 * @param status  the status code
 * @param reason  the reason phrase
 * @param headers extra headers (Content-Length is added)
 * @param body    the body
 */
public record CannedResponse(int status, String reason, Map<String, String> headers, byte[] body) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Copies the headers and body.
   *
   * @throws IllegalArgumentException if the status is not 200–599 (a 1xx would need a final answer)
   */
  public CannedResponse {
    if (status < 200 || status > 599) {
      throw new IllegalArgumentException("a canned response needs a final status, 200-599: " + status);
    }
    Objects.requireNonNull(reason, "reason");
    headers = Map.copyOf(headers);
    body = body.clone();
  }

  /**
   * A Kubernetes {@code Status} answer ({@code "status":"Failure"}) with {@code code}, {@code reason}
   * (such as {@code NotFound}, {@code Forbidden}, {@code InternalError}, {@code ServiceUnavailable})
   * and a message.
   */
  public static CannedResponse kubernetesStatus(int code, String reason, String message) {
    return kubernetesStatus(code, reason, message, Map.of(), null);
  }

  /** A 410 Gone with reason {@code Expired}, as a server answers a list or watch from a compacted version. */
  public static CannedResponse expired(String message) {
    return kubernetesStatus(410, "Expired", message);
  }

  /**
   * A 429 Too Many Requests with a {@code Retry-After} header (and {@code details.retryAfterSeconds})
   * of {@code retryAfter} rounded up to whole seconds, as API priority and fairness answers.
   */
  public static CannedResponse tooManyRequests(Duration retryAfter) {
    long seconds = Math.max(0, (retryAfter.toMillis() + 999) / 1000);
    return kubernetesStatus(429, "TooManyRequests", "the server has received too many requests and has asked us to try again later",
        Map.of("Retry-After", Long.toString(seconds)), seconds);
  }

  /** A 500 (reason {@code InternalError}), 503 ({@code ServiceUnavailable}) or other 5xx answer. */
  public static CannedResponse serverError(int code) {
    if (code < 500 || code > 599) {
      throw new IllegalArgumentException("not a server error: " + code);
    }
    return kubernetesStatus(code, code == 503 ? "ServiceUnavailable" : code == 504 ? "Timeout" : "InternalError",
        "the proxy answers " + code + " in place of the server");
  }

  private static CannedResponse kubernetesStatus(int code, String reason, String message, Map<String, String> headers,
                                                 Long retryAfterSeconds) {
    ObjectNode status = JSON.createObjectNode().put("kind", "Status").put("apiVersion", "v1");
    status.putObject("metadata");
    status.put("status", "Failure").put("message", message).put("reason", reason).put("code", code);
    if (retryAfterSeconds != null) {
      status.putObject("details").put("retryAfterSeconds", retryAfterSeconds);
    }
    Map<String, String> all = new LinkedHashMap<>(headers);
    all.put("Content-Type", "application/json");
    return new CannedResponse(code, reasonPhrase(code), all, status.toString().getBytes(StandardCharsets.UTF_8));
  }

  /** Returns the body (a copy). */
  @Override
  public byte[] body() {
    return body.clone();
  }

  /** Returns the response as it goes on the wire. */
  byte[] encode() {
    StringBuilder head = new StringBuilder("HTTP/1.1 ").append(status).append(' ').append(reason).append("\r\n");
    headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
    head.append("Content-Length: ").append(body.length).append("\r\n\r\n");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(head.toString().getBytes(StandardCharsets.ISO_8859_1));
    out.writeBytes(body);
    return out.toByteArray();
  }

  private static String reasonPhrase(int code) {
    return switch (code) {
      case 400 -> "Bad Request";
      case 401 -> "Unauthorized";
      case 403 -> "Forbidden";
      case 404 -> "Not Found";
      case 409 -> "Conflict";
      case 410 -> "Gone";
      case 422 -> "Unprocessable Entity";
      case 429 -> "Too Many Requests";
      case 500 -> "Internal Server Error";
      case 502 -> "Bad Gateway";
      case 503 -> "Service Unavailable";
      case 504 -> "Gateway Timeout";
      default -> "Status " + code;
    };
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof CannedResponse that && status == that.status && reason.equals(that.reason)
        && headers.equals(that.headers) && Arrays.equals(body, that.body);
  }

  @Override
  public int hashCode() {
    return Objects.hash(status, reason, headers, Arrays.hashCode(body));
  }

  @Override
  public String toString() {
    return status + " " + reason + " " + new String(body, StandardCharsets.UTF_8);
  }
}

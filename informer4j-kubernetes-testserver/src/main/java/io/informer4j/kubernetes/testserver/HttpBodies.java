package io.informer4j.kubernetes.testserver;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/** JSON encoding and response writing shared by the test server's handlers. Thread-safe. */
final class HttpBodies {

  static final ObjectMapper MAPPER = JsonMapper.builder().build();
  private static final long DRAIN_WAIT_SECONDS = 60;

  private HttpBodies() {
  }

  /** Returns the JSON bytes of a document. */
  static byte[] json(Object document) {
    return MAPPER.writeValueAsBytes(document);
  }

  /**
   * Parses a request body as any JSON value.
   *
   * @throws RejectedRequest (400) if it is not JSON
   */
  static Object parse(Buffer body) {
    try {
      return MAPPER.readValue(body.getBytes(), Object.class);
    } catch (RuntimeException e) {
      throw new RejectedRequest(Statuses.badRequest("the body of the request is not JSON: " + e.getMessage()));
    }
  }

  /** Parses a request body into a document. @throws IllegalArgumentException if it is not a JSON object */
  @SuppressWarnings("unchecked")
  static Map<String, Object> parseObject(Buffer body) {
    try {
      Object value = MAPPER.readValue(body.getBytes(), Object.class);
      if (value instanceof Map<?, ?> map) {
        return (Map<String, Object>) map;
      }
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("the body is not JSON: " + e.getMessage(), e);
    }
    throw new IllegalArgumentException("the body is not a JSON object");
  }

  /** Sends a whole JSON answer. */
  static void send(HttpServerResponse response, int code, Object document) {
    response.setStatusCode(code).putHeader("Content-Type", "application/json").end(Buffer.buffer(json(document)));
  }

  /** Sends a failure answer. */
  static void send(HttpServerResponse response, Statuses.Failure failure) {
    if (failure.retryAfter() != null) {
      response.putHeader("Retry-After", failure.retryAfter());
    }
    send(response, failure.code(), failure.status());
  }

  /**
   * Writes a chunk from a worker thread and, when the connection's write queue is full, waits until
   * it drained, so a large list is streamed at the client's pace instead of being buffered.
   *
   * @throws IllegalStateException if the client stops reading for a minute
   */
  static void writeWithBackpressure(HttpServerResponse response, Buffer chunk) {
    response.write(chunk);
    if (!response.writeQueueFull()) {
      return;
    }
    CompletableFuture<Void> drained = new CompletableFuture<>();
    response.drainHandler(v -> drained.complete(null));
    response.closeHandler(v -> drained.complete(null));
    if (!response.writeQueueFull()) {
      return;
    }
    try {
      drained.get(DRAIN_WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the client was slow", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("the client stopped reading", e);
    }
  }
}

package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import tools.jackson.databind.json.JsonMapper;

/** Plain HTTP requests to the test server, for answers a typed client hides (codes, headers, Status bodies). */
final class RawHttp {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final HttpClient client = HttpClient.newHttpClient();
  private final String base;

  /** An answer: its code, its Content-Type and its body. */
  record Answer(int code, String contentType, String body, List<String> warnings) {
    @SuppressWarnings("unchecked")
    Map<String, Object> json() {
      return JSON.readValue(body, Map.class);
    }

    /** Asserts a 422 Invalid Status and returns its causes as {@code <reason> <field> <message>}. */
    @SuppressWarnings("unchecked")
    List<String> invalidCauses() {
      assertThat(code).as(body).isEqualTo(422);
      assertThat(json()).containsEntry("reason", "Invalid");
      List<Map<String, Object>> causes = (List<Map<String, Object>>) ((Map<String, Object>) json().get("details"))
          .get("causes");
      return causes.stream().map(c -> c.get("reason") + " " + c.get("field") + " " + c.get("message")).toList();
    }
  }

  RawHttp(KubernetesTestServer server) {
    this.base = server.url().substring(0, server.url().length() - 1);
  }

  Answer send(String method, String path, String contentType, String body, String accept) {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    if (contentType != null) {
      request.header("Content-Type", contentType);
    }
    if (accept != null) {
      request.header("Accept", accept);
    }
    try {
      HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
      return new Answer(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""), response.body(),
          response.headers().allValues("Warning"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }

  Answer get(String path) {
    return send("GET", path, null, null, null);
  }

  /**
   * Opens a streamed answer (a watch), asserts its 200, runs {@code afterOpen} and returns the
   * answer's first {@code count} lines; bound the wait with the watch's {@code timeoutSeconds}.
   */
  List<String> firstLines(String path, int count, Runnable afterOpen) {
    try {
      HttpResponse<Stream<String>> response = client.send(HttpRequest.newBuilder(URI.create(base + path)).build(),
          HttpResponse.BodyHandlers.ofLines());
      assertThat(response.statusCode()).isEqualTo(200);
      afterOpen.run();
      try (Stream<String> lines = response.body()) {
        return lines.limit(count).toList();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }

  Answer post(String path, String json) {
    return send("POST", path, "application/json", json, null);
  }
}

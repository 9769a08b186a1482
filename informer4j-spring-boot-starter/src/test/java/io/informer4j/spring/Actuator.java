package io.informer4j.spring;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.springframework.context.ConfigurableApplicationContext;

/** GETs actuator paths of a running application over HTTP, on the port its web server took. */
final class Actuator {

  /** A response: status code and body. */
  record Response(int status, String body) {
  }

  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final String base;

  Actuator(ConfigurableApplicationContext context) {
    this.base = "http://127.0.0.1:" + context.getEnvironment().getRequiredProperty("local.server.port");
  }

  /** GETs {@code path} (such as {@code /actuator/health}); never throws for an HTTP error status. */
  Response get(String path) {
    HttpRequest request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(10)).build();
    try {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      return new Response(response.statusCode(), response.body());
    } catch (IOException e) {
      throw new UncheckedIOException("GET " + path, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted during GET " + path, e);
    }
  }
}

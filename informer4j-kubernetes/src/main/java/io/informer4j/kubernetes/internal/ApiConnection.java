package io.informer4j.kubernetes.internal;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.RequestConfig;
import io.fabric8.kubernetes.client.RequestConfigBuilder;
import io.fabric8.kubernetes.client.http.AsyncBody;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.informer4j.source.SourceException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The HTTP side of one Kubernetes API server, on fabric8's HTTP client: the client's configuration
 * (kubeconfig or in-cluster, TLS verification, bearer tokens, client certificates, exec plugins,
 * impersonation) all comes from fabric8. fabric8's own retry of failed requests is switched off in
 * the derived client used here, so every 429, 5xx and network failure reaches the informer as a
 * typed error and the informer's backoff alone decides when to try again. The configuration's
 * request timeout bounds single requests; streamed ones (lists, watches) have none, as in fabric8.
 *
 * <p>Thread-safe. Does not own the fabric8 client: closing that is its creator's business.
 */
public final class ApiConnection {

  /** The Accept header of JSON requests. */
  public static final String JSON = "application/json";
  private static final int MAX_ERROR_BODY = 64 * 1024;

  private final HttpClient http;
  private final long requestTimeoutMillis;
  private final URI root;
  private final FabricJson json;

  /** @param client the fabric8 client whose configuration and HTTP client are used */
  public ApiConnection(KubernetesClient client, FabricJson json) {
    RequestConfig base = client.getConfiguration().getRequestConfig();
    RequestConfig noRetries = (base == null ? new RequestConfigBuilder() : new RequestConfigBuilder(base))
        .withRequestRetryBackoffLimit(0).build();
    this.http = client.getHttpClient().newBuilder().tag(noRetries).build();
    Integer timeout = client.getConfiguration().getRequestTimeout();
    this.requestTimeoutMillis = timeout == null ? 0 : Math.max(0, timeout);
    String master = client.getMasterUrl().toString();
    this.root = URI.create(master.endsWith("/") ? master : master + "/");
    this.json = json;
  }

  /** Returns fabric8's JSON rules. */
  public FabricJson json() {
    return json;
  }

  /** Returns the HTTP client (fabric8 retries off). */
  HttpClient http() {
    return http;
  }

  /** Returns the absolute URI of a path relative to the server root. */
  URI uri(String path) {
    return root.resolve(path);
  }

  /**
   * Sends a GET and returns the body of a 2xx answer as a stream once the headers arrived, read ahead
   * of the caller ({@link BodyInputStream}); the caller closes it.
   *
   * <p>Blocks; an interrupt while waiting for the answer cancels the request and throws.
   *
   * @param streaming true for a streamed body (long lists): no request timeout; false for a single
   *                  request, bounded by the configuration's request timeout (when it has one)
   * @throws SourceException the mapped error for a non-2xx answer or a failure to connect, a
   *                         {@code TIMEOUT} when a single request took too long
   */
  public BodyInputStream get(String path, String accept, boolean streaming, String what) {
    HttpRequest.Builder request = http.newHttpRequestBuilder().uri(uri(path)).header("Accept", accept);
    if (streaming) {
      request.forStreaming();
    } else if (requestTimeoutMillis > 0) {
      request.timeout(requestTimeoutMillis, TimeUnit.MILLISECONDS);
    }
    BodyInputStream body = new BodyInputStream();
    HttpResponse<AsyncBody> response = await(http.consumeBytes(request.build(), body), what);
    body.start(response.body());
    if (!response.isSuccessful()) {
      throw errorOf(response, body, what);
    }
    return body;
  }

  /** Sends a GET and parses the JSON answer. Blocks. @throws SourceException as {@link #get} */
  public JsonNode getJson(String path, String what) {
    try (InputStream body = get(path, JSON, false, what)) {
      return json.mapper().readTree(body);
    } catch (IOException | JacksonException e) {
      throw ErrorMapping.fromFailure(what + " (reading the answer)", e);
    }
  }

  /** Reads a non-2xx answer's Status body and maps it; closes the body. */
  private SourceException errorOf(HttpResponse<?> response, InputStream answer, String what) {
    ApiStatus status = ApiStatus.EMPTY;
    try (InputStream body = answer) {
      byte[] bytes = body.readNBytes(MAX_ERROR_BODY);
      if (bytes.length > 0) {
        status = ApiStatus.from(json.mapper().readTree(bytes));
      }
    } catch (IOException | JacksonException e) {
      // the code alone decides; the body was not a Status
    }
    return ErrorMapping.fromResponse(what, response.code(), response.header("Retry-After"), status);
  }

  /**
   * Waits for an asynchronous call; interruption cancels it and is reported as a failure.
   *
   * @throws SourceException the mapped failure
   */
  static <R> R await(CompletableFuture<R> future, String what) {
    try {
      return future.get();
    } catch (InterruptedException e) {
      future.cancel(true);
      Thread.currentThread().interrupt();
      throw new SourceException(what + " was interrupted", 0, e);
    } catch (ExecutionException e) {
      throw ErrorMapping.fromFailure(what, e.getCause());
    }
  }
}

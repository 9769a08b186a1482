package io.informer4j.kubernetes.internal;

import io.fabric8.kubernetes.client.vertx5.Vertx5HttpClientFactory;
import io.vertx.core.Vertx;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.WebSocketClientOptions;
import io.vertx.ext.web.client.WebClientOptions;

/**
 * fabric8's Vert.x 5 HTTP client factory, configured as fabric8 configures it, except that response
 * bodies are handed over in pieces of up to {@value #MAX_CHUNK_BYTES} bytes instead of Vert.x's
 * default of 8 KiB. A piece is a slice of what the connection already read, so the limit adds no
 * buffering; it only spares a long list or watch body the per-piece work of thousands of small
 * hand-offs (a 100,000-ConfigMap list is about 150 MB).
 *
 * <p>Thread-safe, as fabric8's factory.
 */
public final class LargeChunkHttpClientFactory extends Vertx5HttpClientFactory {

  /** The largest piece of a response body handed over at once. */
  static final int MAX_CHUNK_BYTES = 1024 * 1024;

  /** A factory whose clients run on {@code vertx} (which the caller owns and closes). */
  public LargeChunkHttpClientFactory(Vertx vertx) {
    super(vertx);
  }

  @Override
  protected void additionalConfig(WebClientOptions options, WebSocketClientOptions webSocketOptions,
                                  PoolOptions poolOptions) {
    super.additionalConfig(options, webSocketOptions, poolOptions);
    options.setMaxChunkSize(MAX_CHUNK_BYTES);
  }
}

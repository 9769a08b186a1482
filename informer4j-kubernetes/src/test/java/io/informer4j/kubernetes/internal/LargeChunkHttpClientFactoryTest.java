package io.informer4j.kubernetes.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.WebSocketClientOptions;
import io.vertx.ext.web.client.WebClientOptions;
import org.junit.jupiter.api.Test;

class LargeChunkHttpClientFactoryTest {

  @Test
  void bodiesAreHandedOverInPiecesOfUpToOneMebibyteAndNothingElseChanges() {
    Vertx vertx = Vertx.vertx();
    try {
      WebClientOptions options = new WebClientOptions();
      WebSocketClientOptions webSockets = new WebSocketClientOptions();
      PoolOptions pool = new PoolOptions();

      new LargeChunkHttpClientFactory(vertx).additionalConfig(options, webSockets, pool);

      assertThat(options.getMaxChunkSize()).isEqualTo(1024 * 1024).isGreaterThan(HttpClientOptions.DEFAULT_MAX_CHUNK_SIZE);
      assertThat(options.toJson().put("maxChunkSize", HttpClientOptions.DEFAULT_MAX_CHUNK_SIZE))
          .isEqualTo(new WebClientOptions().toJson());
      assertThat(webSockets.toJson()).isEqualTo(new WebSocketClientOptions().toJson());
      assertThat(pool.toJson()).isEqualTo(new PoolOptions().toJson());
    } finally {
      vertx.close();
    }
  }
}

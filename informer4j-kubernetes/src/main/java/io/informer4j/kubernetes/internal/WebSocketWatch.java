package io.informer4j.kubernetes.internal;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.http.WebSocket;
import io.fabric8.kubernetes.client.http.WebSocketHandshakeException;
import io.informer4j.source.SourceException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A watch over a WebSocket, the way fabric8 watches (and the only way fabric8's mock server serves
 * watches): each message is one event. The next message is requested as soon as the previous one
 * was decoded and enqueued, on fabric8's I/O thread, so no thread waits per watch.
 *
 * <p>A close with code 1000 is a clean end; any other close or a transport error is
 * {@code CONNECTION_LOST}; a refused upgrade fails {@link #open} with the error mapped from its HTTP
 * status. Thread-safe.
 *
 * @param <T> the object type
 */
public final class WebSocketWatch<T extends HasMetadata> implements WatchHandle, WebSocket.Listener {

  private static final Logger log = LoggerFactory.getLogger(WebSocketWatch.class);
  private static final int NORMAL_CLOSURE = 1000;

  private final String what;
  private final WatchDelivery<T> delivery;
  private volatile WebSocket socket;

  private WebSocketWatch(String what, WatchDelivery<T> delivery) {
    this.what = what;
    this.delivery = delivery;
  }

  /**
   * Opens the watch; blocks until the upgrade was answered.
   *
   * @throws SourceException the mapped error when the server refused or could not be reached
   */
  public static <T extends HasMetadata> WebSocketWatch<T> open(ApiConnection connection, String path,
                                                                WatchEventDecoder<T> decoder, WatchListener<T> listener,
                                                                String what) {
    WebSocketWatch<T> watch = new WebSocketWatch<>(what, new WatchDelivery<>(decoder, listener));
    CompletableFuture<WebSocket> upgrade = connection.http().newWebSocketBuilder().uri(connection.uri(path)).buildAsync(watch);
    try {
      watch.socket = upgrade.get();
    } catch (InterruptedException e) {
      upgrade.cancel(true);
      Thread.currentThread().interrupt();
      throw new SourceException(what + " was interrupted", 0, e);
    } catch (ExecutionException e) {
      throw refused(what, e.getCause());
    }
    return watch;
  }

  private static SourceException refused(String what, Throwable failure) {
    Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    if (cause instanceof WebSocketHandshakeException handshake && handshake.getResponse() != null) {
      return ErrorMapping.fromResponse(what, handshake.getResponse().code(), handshake.getResponse().header("Retry-After"),
          ApiStatus.EMPTY);
    }
    return ErrorMapping.fromFailure(what, cause);
  }

  @Override
  public void onOpen(WebSocket webSocket) {
    webSocket.request();
  }

  @Override
  public void onMessage(WebSocket webSocket, String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    delivery.deliver(bytes, 0, bytes.length);
    webSocket.request();
  }

  @Override
  public void onMessage(WebSocket webSocket, ByteBuffer bytes) {
    byte[] copy = new byte[bytes.remaining()];
    bytes.get(copy);
    delivery.deliver(copy, 0, copy.length);
    webSocket.request();
  }

  @Override
  public void onClose(WebSocket webSocket, int code, String reason) {
    delivery.finish(code == NORMAL_CLOSURE ? null : new TransientSourceException(
        what + ": the WebSocket closed with code " + code + (reason == null || reason.isEmpty() ? "" : " (" + reason + ")"),
        TransientSourceException.Reason.CONNECTION_LOST));
  }

  @Override
  public void onError(WebSocket webSocket, Throwable error) {
    SourceException mapped = ErrorMapping.fromFailure(what, error);
    delivery.finish(mapped instanceof TransientSourceException ? mapped
        : new TransientSourceException(mapped.getMessage(), TransientSourceException.Reason.CONNECTION_LOST, 0, error));
  }

  /** Stops the watch and closes the socket; nothing is delivered afterwards. Idempotent. */
  @Override
  public void close() {
    delivery.cancel();
    WebSocket current = socket;
    if (current != null) {
      try {
        current.sendClose(NORMAL_CLOSURE, null);
      } catch (RuntimeException e) {
        log.debug("{}: closing the socket failed (the client may be closed already)", what, e);
      }
    }
  }
}

package io.informer4j.kubernetes.internal;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.http.AsyncBody;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.informer4j.source.SourceException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.WatchHandle;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;

/**
 * A watch over chunked HTTP ({@code GET …?watch=true}), the way client-go watches: the response body
 * is a stream of event objects, read asynchronously on fabric8's I/O thread one chunk at a time (the
 * next chunk is requested as soon as the previous one was decoded and enqueued), so no thread waits
 * per watch. Events are decoded where they lie in the chunk ({@link WatchStreamReader}).
 *
 * <p>The end of the body is a clean close; a broken connection, or a body that ends inside an
 * event, is {@code CONNECTION_LOST}; bytes that are not a sequence of events (an event cut short and
 * followed by the next one) end the watch with {@code CORRUPT_STREAM}, after the events before them;
 * a non-2xx answer fails {@link #open} with the mapped error. Thread-safe.
 *
 * @param <T> the object type
 */
public final class HttpStreamWatch<T extends HasMetadata> implements WatchHandle {

  private static final Logger log = LoggerFactory.getLogger(HttpStreamWatch.class);
  private static final int MAX_EVENT_BYTES = 64 * 1024 * 1024;
  private static final int MAX_ERROR_BODY = 64 * 1024;
  private static final long ERROR_BODY_WAIT_SECONDS = 10;

  private final ApiConnection connection;
  private final String path;
  private final String accept;
  private final String what;
  private final WatchDelivery<T> delivery;
  private final WatchStreamReader<T> reader;
  private final ByteArrayOutputStream errorBody = new ByteArrayOutputStream();
  private volatile boolean accepted;
  private volatile AsyncBody body;

  private HttpStreamWatch(ApiConnection connection, String path, String accept, String what, WatchDelivery<T> delivery) {
    this.connection = connection;
    this.path = path;
    this.accept = accept;
    this.what = what;
    this.delivery = delivery;
    this.reader = new WatchStreamReader<>(MAX_EVENT_BYTES, delivery);
  }

  /**
   * Opens the watch; blocks until the server answered.
   *
   * @throws SourceException the mapped error when the server refused or could not be reached
   */
  public static <T extends HasMetadata> HttpStreamWatch<T> open(ApiConnection connection, String path, String accept,
                                                                 WatchEventDecoder<T> decoder,
                                                                 io.informer4j.source.WatchListener<T> listener,
                                                                 String what) {
    HttpStreamWatch<T> watch = new HttpStreamWatch<>(connection, path, accept, what, new WatchDelivery<>(decoder, listener));
    watch.start();
    return watch;
  }

  private void start() {
    HttpRequest request = connection.http().newHttpRequestBuilder().uri(connection.uri(path))
        .header("Accept", accept).forStreaming().build();
    HttpResponse<AsyncBody> response = ApiConnection.await(connection.http().consumeBytes(request, this::onChunk), what);
    body = response.body();
    if (!response.isSuccessful()) {
      throw readError(response);
    }
    accepted = true;
    body.done().whenComplete((ignored, failure) -> onEnd(failure));
    body.consume();
  }

  private void onChunk(List<ByteBuffer> chunks, AsyncBody source) {
    if (!accepted) {
      synchronized (errorBody) {
        for (ByteBuffer chunk : chunks) {
          int take = Math.min(chunk.remaining(), MAX_ERROR_BODY - errorBody.size());
          byte[] bytes = new byte[take];
          chunk.get(bytes);
          errorBody.write(bytes, 0, take);
        }
      }
      source.consume();
      return;
    }
    if (delivery.isFinished()) {
      return;
    }
    try {
      for (ByteBuffer chunk : chunks) {
        reader.feed(chunk);
      }
    } catch (CorruptStreamException e) {
      delivery.finish(new TransientSourceException(what + ": the watch stream is corrupt: " + e.getMessage(),
          TransientSourceException.Reason.CORRUPT_STREAM, 0, e));
      source.cancel();
      return;
    }
    source.consume();
  }

  private void onEnd(Throwable failure) {
    Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    if (cause == null && reader.hasPartialEvent()) {
      delivery.finish(new TransientSourceException(what + ": the watch stream ended inside an event",
          TransientSourceException.Reason.CONNECTION_LOST));
    } else if (cause == null || cause instanceof CancellationException) {
      delivery.finish(null);
    } else {
      SourceException error = ErrorMapping.fromFailure(what, cause);
      delivery.finish(error instanceof TransientSourceException ? error
          : new TransientSourceException(error.getMessage(), TransientSourceException.Reason.CONNECTION_LOST, 0, cause));
    }
  }

  private SourceException readError(HttpResponse<AsyncBody> response) {
    ApiStatus status = ApiStatus.EMPTY;
    try {
      body.consume();
      body.done().get(ERROR_BODY_WAIT_SECONDS, TimeUnit.SECONDS);
      byte[] bytes;
      synchronized (errorBody) {
        bytes = errorBody.toByteArray();
      }
      if (bytes.length > 0) {
        status = ApiStatus.from(connection.json().mapper().readTree(bytes));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (java.util.concurrent.ExecutionException | TimeoutException | JacksonException e) {
      // the code alone decides
    } finally {
      body.cancel();
    }
    return ErrorMapping.fromResponse(what, response.code(), response.header("Retry-After"), status);
  }

  /** Stops the watch and drops the connection; nothing is delivered afterwards. Idempotent. */
  @Override
  public void close() {
    delivery.cancel();
    AsyncBody current = body;
    if (current != null) {
      try {
        current.cancel();
      } catch (RuntimeException e) {
        log.debug("{}: cancelling the stream failed (the client may be closed already)", what, e);
      }
    }
  }
}

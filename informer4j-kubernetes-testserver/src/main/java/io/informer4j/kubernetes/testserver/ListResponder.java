package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.TypeKey;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.TransientSourceException;
import io.informer4j.testkit.SimObject;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Answers a list request by streaming the page from the simulated API: the body is chunked and
 * written as items arrive (64 KiB at a time, at the client's pace), items first and the list's
 * metadata ({@code resourceVersion}, {@code continue}, {@code remainingItemCount}) last, since it
 * is known only at the end; each object's JSON is encoded once per version ({@link EncodedObjects}).
 * Runs on a worker thread. Metadata-only clients
 * ({@code as=PartialObjectMetadataList}) get only each object's metadata.
 */
final class ListResponder {

  /** The cut of a list that is not cut. */
  static final int NO_CUT = -1;
  private static final int FLUSH_BYTES = 64 * 1024;

  private ListResponder() {
  }

  /**
   * Lists and writes the answer, or with {@code cutAfter} items written (unless {@link #NO_CUT}),
   * sends what it has and fails with {@code CONNECTION_LOST} (the caller resets the connection).
   *
   * @throws io.informer4j.source.SourceException if the list fails before any byte was written
   */
  static void respond(TypeKey type, ListerWatcher<SimObject> source, ListRequest request,
                      boolean partial, HttpServerResponse response, int cutAfter, EncodedObjects encoded) {
    ChunkedItems items = new ChunkedItems(type, partial, response, cutAfter, encoded);
    ListPage page = source.list(request, items);
    items.finish(page);
  }

  /** The sink that writes items as they come; the head is written with the first flush. */
  private static final class ChunkedItems implements ListSink<SimObject> {
    private final TypeKey type;
    private final boolean partial;
    private final HttpServerResponse response;
    private final int cutAfter;
    private final EncodedObjects encoded;
    private int written;
    private Buffer pending = Buffer.buffer(FLUSH_BYTES + 4096);
    private boolean started;
    private boolean first = true;

    ChunkedItems(TypeKey type, boolean partial, HttpServerResponse response, int cutAfter,
                 EncodedObjects encoded) {
      this.type = type;
      this.encoded = encoded;
      this.partial = partial;
      this.response = response;
      this.cutAfter = cutAfter;
    }

    @Override
    public void accept(SimObject item) {
      if (!started) {
        start();
      }
      if (!first) {
        pending.appendByte((byte) ',');
      }
      first = false;
      pending.appendBytes(encoded.json(type, partial, item));
      if (++written == cutAfter) {
        HttpBodies.writeWithBackpressure(response, pending);
        throw new TransientSourceException("the list was cut after " + written + " items",
            TransientSourceException.Reason.CONNECTION_LOST);
      }
      if (pending.length() >= FLUSH_BYTES) {
        Buffer full = pending;
        pending = Buffer.buffer(FLUSH_BYTES + 4096);
        HttpBodies.writeWithBackpressure(response, full);
      }
    }

    private void start() {
      started = true;
      response.setStatusCode(200).setChunked(true).putHeader("Content-Type", "application/json");
      String kind = partial ? "PartialObjectMetadataList" : type.kind() + "List";
      String apiVersion = partial ? "meta.k8s.io/v1" : type.apiVersion();
      pending.appendString("{\"kind\":\"" + kind + "\",\"apiVersion\":\"" + apiVersion + "\",\"items\":[",
          StandardCharsets.UTF_8.name());
    }

    void finish(ListPage page) {
      if (!started) {
        start();
      }
      Map<String, Object> metadata = new LinkedHashMap<>();
      metadata.put("resourceVersion", page.resourceVersion());
      if (page.continueToken() != null) {
        metadata.put("continue", page.continueToken());
      }
      if (page.remainingItemCount() != null) {
        metadata.put("remainingItemCount", page.remainingItemCount());
      }
      pending.appendString("],\"metadata\":").appendBytes(HttpBodies.json(metadata)).appendString("}");
      response.end(pending);
    }
  }
}

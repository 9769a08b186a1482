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
import java.util.function.Function;

/**
 * Answers a list request by streaming the page from the simulated API: the body is chunked and
 * written as items arrive (64 KiB at a time, at the client's pace), items first and the list's
 * metadata ({@code resourceVersion}, {@code continue}, {@code remainingItemCount}) last, since it
 * is known only at the end; each object's JSON is encoded once per version ({@link EncodedObjects}).
 * Runs on a worker thread. Metadata-only clients
 * ({@code as=PartialObjectMetadataList}) get only each object's metadata, Table clients a Table
 * with a row per object ({@link TableAnswers}).
 */
final class ListResponder {

  /** The cut of a list that is not cut. */
  static final int NO_CUT = -1;
  private static final int FLUSH_BYTES = 64 * 1024;

  private ListResponder() {
  }

  /**
   * The body of a list answer: its start up to the opening of the item array, and each item's JSON.
   *
   * @param head the JSON before the first item, ending with {@code [}
   * @param item the JSON of one listed object
   */
  record Body(String head, Function<SimObject, byte[]> item) {

    /** Returns the body of a {@code <Kind>List}, or of a PartialObjectMetadataList when {@code partial}. */
    static Body list(TypeKey type, boolean partial, EncodedObjects encoded) {
      String kind = partial ? "PartialObjectMetadataList" : type.kind() + "List";
      String apiVersion = partial ? "meta.k8s.io/v1" : type.apiVersion();
      return new Body("{\"kind\":\"" + kind + "\",\"apiVersion\":\"" + apiVersion + "\",\"items\":[",
          item -> encoded.json(type, partial, item));
    }

    /** Returns the body of a Table with a row per object. */
    static Body table(TableAnswers tables) {
      return new Body(tables.listHead(), tables::rowJson);
    }
  }

  /**
   * Lists and writes the answer, or with {@code cutAfter} items written (unless {@link #NO_CUT}),
   * sends what it has and fails with {@code CONNECTION_LOST} (the caller resets the connection).
   *
   * @throws io.informer4j.source.SourceException if the list fails before any byte was written
   */
  static void respond(ListerWatcher<SimObject> source, ListRequest request, Body body,
                      HttpServerResponse response, int cutAfter) {
    ChunkedItems items = new ChunkedItems(body, response, cutAfter);
    ListPage page = source.list(request, items);
    items.finish(page);
  }

  /** The sink that writes items as they come; the head is written with the first flush. */
  private static final class ChunkedItems implements ListSink<SimObject> {
    private final Body body;
    private final HttpServerResponse response;
    private final int cutAfter;
    private int written;
    private Buffer pending = Buffer.buffer(FLUSH_BYTES + 4096);
    private boolean started;
    private boolean first = true;

    ChunkedItems(Body body, HttpServerResponse response, int cutAfter) {
      this.body = body;
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
      pending.appendBytes(body.item().apply(item));
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
      pending.appendString(body.head(), StandardCharsets.UTF_8.name());
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

package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.TypeKey;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.SourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import io.informer4j.testkit.SimObject;
import io.vertx.core.Context;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * Answers a watch request from the simulated API's watch, over chunked HTTP (one JSON event per
 * line, as the API server streams) or, when the client asks for an upgrade, over a WebSocket (one
 * event per text message, as fabric8 watches). A watch the simulated API refuses is answered with
 * the error's status (the upgrade is refused the same way); a clean end ends the body or closes
 * the socket with 1000; a broken watch drops the connection; an ERROR event carries a Status
 * object (410 Expired when history was compacted). Bookmarks carry the watched kind, also in Table
 * watches.
 */
final class WatchResponder {

  private WatchResponder() {
  }

  /**
   * Opens the watch and starts streaming, with bookmarks only when the client allowed them
   * ({@code allowBookmarks}: a watch with initial events is opened with bookmarks for its end); a WebSocket upgrade (of a request the caller paused, so
   * its end is not consumed before the upgrade) is done on the request's {@code context}.
   *
   * @throws SourceException if the simulated API refused the watch (nothing was written yet)
   */
  static void respond(TypeKey type, ListerWatcher<SimObject> source, WatchRequest request,
                      boolean allowBookmarks, Function<SimObject, byte[]> objects, HttpServerRequest http,
                      Context context, WatchGate gate) {
    WatchChannel channel = new WatchChannel(gate, type, context);
    WatchHandle handle;
    try {
      handle = source.watch(request, new Encoder(type, allowBookmarks, objects, channel));
    } catch (RuntimeException refused) {
      channel.disconnected();
      throw refused;
    }
    if (http.canUpgradeToWebSocket()) {
      context.runOnContext(ignored -> {
        http.toWebSocket().onSuccess(socket -> {
          socket.closeHandler(v -> {
            handle.close();
            channel.disconnected();
          });
          channel.attach(socket);
        }).onFailure(failure -> {
          handle.close();
          channel.disconnected();
        });
        http.resume();
      });
    } else {
      HttpServerResponse response = http.response();
      response.setStatusCode(200).setChunked(true).putHeader("Content-Type", "application/json");
      response.closeHandler(v -> {
        handle.close();
        channel.disconnected();
      });
      response.writeHead();
      channel.attach(response);
    }
  }

  /**
   * Returns the JSON of the objects of a Table watch's events: a Table with the object's row, the
   * columns in the first event only (k8s.io/apiserver handlers/watch.go {@code watchEmbeddedEncoder}
   * sets {@code NoHeaders} once it has encoded one). Thread-safe.
   */
  static Function<SimObject, byte[]> tableEvents(TableAnswers tables) {
    AtomicBoolean headersSent = new AtomicBoolean();
    return object -> tables.eventJson(object, !headersSent.getAndSet(true));
  }

  /**
   * Turns the simulated API's events into Kubernetes watch-event JSON; an object's JSON is the one
   * {@code objects} gives (the one {@link EncodedObjects} keeps for its version, or a Table).
   */
  private record Encoder(TypeKey type, boolean allowBookmarks, Function<SimObject, byte[]> objects,
                         WatchChannel channel)
      implements WatchListener<SimObject> {

    @Override
    public void onEvent(WatchEvent<SimObject> event) {
      if (event.type() == WatchEventType.BOOKMARK && !allowBookmarks) {
        return;
      }
      channel.send(switch (event.type()) {
        case ADDED, MODIFIED, DELETED -> EventJson.withObject(event.type(), objects.apply(event.object()));
        case BOOKMARK -> withDocument(event.type(),
            ObjectJson.bookmark(type, event.resourceVersion(), event.initialEventsEnd()));
        case ERROR -> withDocument(event.type(), Statuses.of(event.error()).status());
      });
    }

    private static EventJson withDocument(WatchEventType type, Object object) {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("type", type.name());
      json.put("object", object);
      return EventJson.whole(HttpBodies.json(json));
    }

    @Override
    public void onMalformed(MalformedObjectException problem) {
      channel.send(EventJson.whole(HttpBodies.json(Map.of("type", "ADDED", "object",
          Map.of("kind", type.kind(), "metadata", Map.of("name", "undecodable", "labels", List.of("not", "a", "map")))))));
    }

    @Override
    public void onClose(SourceException error) {
      if (error == null) {
        channel.end();
      } else {
        channel.drop();
      }
    }
  }
}

package io.informer4j.kubernetes;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.informer4j.kubernetes.internal.ApiConnection;
import io.informer4j.kubernetes.internal.ErrorMapping;
import io.informer4j.kubernetes.internal.HttpStreamWatch;
import io.informer4j.kubernetes.internal.ListStreamDecoder;
import io.informer4j.kubernetes.internal.RequestPaths;
import io.informer4j.kubernetes.internal.ResourceResolver;
import io.informer4j.kubernetes.internal.WatchEventDecoder;
import io.informer4j.kubernetes.internal.WatchListSupport;
import io.informer4j.kubernetes.internal.WebSocketWatch;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.SourceException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import tools.jackson.core.JacksonException;

/**
 * Lists and watches one Kubernetes resource type over fabric8's HTTP client, for typed models
 * ({@code ConfigMap}), dynamic objects ({@code GenericKubernetesResource}) or metadata only
 * ({@code PartialObjectMetadata}).
 *
 * <p>Lists are decoded as a stream, item by item, straight into the sink (no whole-body buffer, no
 * intermediate list); watches are read asynchronously on fabric8's I/O threads, over chunked HTTP or
 * a WebSocket. Requests carry the namespace, label and field selectors, resourceVersion and match,
 * limit and continue, bookmarks, sendInitialEvents and the timeout as the Kubernetes API defines
 * them. Errors are the core's typed errors (see {@code ErrorMapping}): 410 (as a status or as an
 * ERROR event) is expired, 504 "too large resource version" is too-large, 429 carries Retry-After,
 * 404 means the type is not served. A watch the server ends cleanly, even at once and without any
 * event, is reported as a clean close; the informer decides what that means.
 *
 * <p>Created by {@link KubernetesBackend#listerWatcher}. Thread-safe.
 *
 * @param <T> the object type
 */
final class KubernetesListerWatcher<T extends HasMetadata> implements ListerWatcher<T> {

  private final ApiConnection connection;
  private final ResourceResolver resource;
  private final Class<T> objectType;
  private final ListStreamDecoder<T> listDecoder;
  private final String listAccept;
  private final String watchAccept;
  private final WatchTransport transport;
  private final WatchListSupport watchList;

  KubernetesListerWatcher(ApiConnection connection, ResourceResolver resource, Class<T> objectType, String listAccept,
                          String watchAccept, WatchTransport transport, WatchListSupport watchList) {
    this.connection = Objects.requireNonNull(connection, "connection");
    this.resource = Objects.requireNonNull(resource, "resource");
    this.objectType = Objects.requireNonNull(objectType, "objectType");
    this.listDecoder = new ListStreamDecoder<>(connection.json(), objectType);
    this.listAccept = listAccept;
    this.watchAccept = watchAccept;
    this.transport = transport;
    this.watchList = Objects.requireNonNull(watchList, "watchList");
  }

  /**
   * Lists one page, pushing each decoded item to the sink as it is read. Blocks; an interrupt of
   * the calling thread, while it waits for the answer or for more of the body, ends the list at once
   * with a {@link SourceException} saying so (the thread's interrupt flag stays set).
   *
   * @throws SourceException typed as described in the class comment; {@code TypeNotFoundException}
   *                         also when discovery does not know the type
   */
  @Override
  public ListPage list(ListRequest request, ListSink<T> sink) {
    ResourceDescriptor descriptor = resource.resolve();
    String path = RequestPaths.list(descriptor, request);
    String what = "list " + path;
    try (InputStream body = connection.get(path, listAccept, true, what)) {
      return listDecoder.decode(body, sink);
    } catch (JacksonException | IOException e) {
      Throwable cause = e.getCause() instanceof IOException io ? io : e;
      if (cause instanceof IOException) {
        throw ErrorMapping.fromFailure(what + " (reading the body)", cause);
      }
      throw new TransientSourceException(what + ": the answer is not a list: " + e.getMessage(),
          TransientSourceException.Reason.CONNECTION_LOST, 0, e);
    } catch (IllegalStateException e) {
      throw new TransientSourceException(what + ": the answer is not a list: " + e.getMessage(),
          TransientSourceException.Reason.CONNECTION_LOST, 0, e);
    }
  }

  /**
   * Opens a watch; blocks until the server accepted or refused it. Events follow on fabric8's I/O
   * threads.
   *
   * @throws SourceException typed as described in the class comment
   */
  @Override
  public WatchHandle watch(WatchRequest request, WatchListener<T> listener) {
    ResourceDescriptor descriptor = resource.resolve();
    String path = RequestPaths.watch(descriptor, request);
    String what = "watch " + path;
    WatchEventDecoder<T> decoder = new WatchEventDecoder<>(connection.json(), objectType, what);
    return switch (transport) {
      case HTTP_STREAM -> HttpStreamWatch.open(connection, path, watchAccept, decoder, listener, what);
      case WEBSOCKET -> WebSocketWatch.open(connection, path, decoder, listener, what);
    };
  }

  /**
   * Returns whether watch-list (sendInitialEvents) is tried: unless the backend was built without
   * it, until an informer of any type of this backend found it unusable.
   */
  @Override
  public boolean supportsWatchList() {
    return watchList.available();
  }

  /**
   * Remembers, for every source of this backend (every type, as the server is the same), that
   * watch-list is unusable: from now on none of them supports it.
   */
  @Override
  public void watchListUnavailable(String reason) {
    watchList.markUnavailable(description(), reason);
  }

  @Override
  public String description() {
    return "kubernetes " + resource.description() + " as " + objectType.getSimpleName();
  }
}

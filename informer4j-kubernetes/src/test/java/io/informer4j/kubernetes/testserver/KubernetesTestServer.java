package io.informer4j.kubernetes.testserver;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.SourceException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.testkit.SimulatedApi;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Kubernetes REST API server over a {@link SimulatedApi}, speaking the real protocol on loopback
 * HTTP, for what fabric8's mock server cannot do: resourceVersion semantics, 410 Expired (as a
 * status and as an ERROR watch event), pagination with expiring continue tokens, label and field
 * selectors, bookmarks, watch-list ({@code sendInitialEvents}, or 422 when the simulated API
 * rejects it), 404 for types that are not served, and CRDs whose creation makes their type served.
 *
 * <p>It serves discovery ({@code /api}, {@code /apis}, {@code /api/v1}, {@code /apis/{g}/{v}}),
 * lists (streamed, chunked), watches (chunked HTTP, or WebSocket when the client asks to upgrade, as
 * fabric8 does) and single-object get, create, update, JSON merge patch and delete (so fabric8's
 * leader election on {@code coordination.k8s.io/v1} Leases works: serve {@code Lease} first). Faults injected into the
 * simulated API show on the wire: its typed errors become the statuses Kubernetes answers with, a
 * broken watch drops the connection. Metadata-only clients get {@code PartialObjectMetadata}.
 *
 * <p>Hostile data and servers, for the client's robustness: objects whose JSON does not bind to
 * fabric8's models ({@link UnbindableObjects}) are stored and served like any other, in lists and
 * watch events; {@link #injectIntoWatches} writes raw bytes into the open watch streams of a type
 * (an event cut short, garbage); {@link #ignoreSendInitialEvents} makes the server behave like one
 * that does not know watch-list.
 *
 * <p>Thread-safe. {@link #close()} stops the server, not the simulated API.
 */
public final class KubernetesTestServer implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(KubernetesTestServer.class);
  private static final AtomicInteger WORKER_IDS = new AtomicInteger();

  private final SimulatedApi api;
  private final ServedTypes types = new ServedTypes();
  private final ObjectWrites writes;
  private final WatchGate watchGate = new WatchGate();
  private final AtomicInteger nextListCut = new AtomicInteger(ListResponder.NO_CUT);
  private volatile boolean ignoreSendInitialEvents;
  private final EncodedObjects encodedObjects = new EncodedObjects();
  private final Vertx vertx = Vertx.vertx();
  private final ExecutorService workers = Executors.newCachedThreadPool(task -> {
    Thread thread = new Thread(task, "kubernetes-test-server-" + WORKER_IDS.incrementAndGet());
    thread.setDaemon(true);
    return thread;
  });
  private final HttpServer server;

  private KubernetesTestServer(SimulatedApi api) {
    this.api = api;
    this.writes = new ObjectWrites(api, types);
    writes.serve(CustomResourceDefinitions.CRD);
    this.server = vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setPort(0))
        .requestHandler(this::handle);
    try {
      server.listen().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      vertx.close();
      throw new IllegalStateException("the test server could not start", e);
    }
  }

  /** Starts a server on a free loopback port over {@code api}; it serves CRDs from the start. */
  public static KubernetesTestServer start(SimulatedApi api) {
    return new KubernetesTestServer(api);
  }

  /** Returns the simulated API behind the server. */
  public SimulatedApi api() {
    return api;
  }

  /** Returns the server's base URL, {@code http://127.0.0.1:<port>/}. */
  public String url() {
    return "http://127.0.0.1:" + server.actualPort() + "/";
  }

  /** Installs a built-in type in the simulated API and serves it; returns this server. */
  public KubernetesTestServer serve(ResourceDescriptor descriptor) {
    writes.serve(descriptor);
    return this;
  }

  /**
   * Creates the CustomResourceDefinition of {@code descriptor}'s type as a client would, so CRD
   * watchers see it and the type is served; returns this server.
   */
  public KubernetesTestServer createCustomResourceDefinition(ResourceDescriptor descriptor) {
    ObjectWrites.Answer answer = writes.create(CustomResourceDefinitions.CRD, null, CustomResourceDefinitions.document(descriptor));
    if (answer.code() != 201) {
      throw new IllegalStateException("creating the CRD of " + descriptor.type() + " failed: " + answer.document());
    }
    return this;
  }

  /** Returns a configuration for a fabric8 client of this server (plain HTTP, no credentials). */
  public Config clientConfig() {
    return new ConfigBuilder(Config.empty()).withMasterUrl(url()).withNamespace("default")
        .withRequestRetryBackoffLimit(0).build();
  }

  /** Returns a new fabric8 client of this server; the caller closes it. */
  public KubernetesClient newClient() {
    return new KubernetesClientBuilder().withConfig(clientConfig()).build();
  }

  /**
   * Holds the events of every open watch (and of watches opened meanwhile) until
   * {@link #releaseWatchEvents()}: they are encoded as they happen and kept, per watch, in order.
   * For benchmarks that measure how fast a client takes a burst of events, apart from how fast this
   * server produces them.
   */
  public void holdWatchEvents() {
    watchGate.hold();
  }

  /**
   * Writes every held watch event (chunked watches in large buffers, WebSocket watches one message
   * per event, as always) and lets events through again.
   */
  public void releaseWatchEvents() {
    watchGate.release();
  }

  /**
   * Makes the next list answer break off after {@code items} items: what was encoded so far is sent,
   * then the connection is reset, as when a server goes away in the middle of a list.
   */
  public void cutNextListAfter(int items) {
    if (items < 1) {
      throw new IllegalArgumentException("cut after at least one item: " + items);
    }
    nextListCut.set(items);
  }

  /**
   * Writes {@code bytes} as they are into every open watch of {@code type}, after the events already
   * sent to it: into the body of a chunked watch (no line feed is added), or as one text message of a
   * WebSocket watch. An event cut short and followed by a line feed, say, shows what a client does
   * with a corrupt stream.
   *
   * @return how many watches got them
   */
  public int injectIntoWatches(TypeKey type, byte[] bytes) {
    List<WatchChannel> channels = watchGate.open(type);
    EventJson raw = EventJson.raw(bytes.clone());
    channels.forEach(channel -> channel.send(raw));
    return channels.size();
  }

  /**
   * Makes the server ignore {@code sendInitialEvents} and {@code resourceVersionMatch} on watches
   * from now on (or heed them again), as Kubernetes before 1.19 did, which knew neither and, like
   * any API server, ignored query parameters it did not know; proxies that drop them and fabric8's
   * mock server behave the same. A watch-list request is then a plain watch: from resourceVersion
   * {@code ""} it starts with synthetic ADDED events for the current objects ("get state and start
   * at most recent"), from a version with the changes after it, and it never sends the bookmark
   * that ends the initial events. (Kubernetes 1.19 to 1.26 reject {@code resourceVersionMatch} on a
   * watch with 422 instead: {@code SimulatedApiBuilder.rejectWatchList} serves that case.)
   */
  public void ignoreSendInitialEvents(boolean ignore) {
    ignoreSendInitialEvents = ignore;
  }

  /** Stops serving; open connections are closed. */
  @Override
  public void close() {
    try {
      server.shutdown(0, TimeUnit.SECONDS).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      // closing anyway
    } finally {
      vertx.close();
      workers.shutdownNow();
    }
  }

  private void handle(HttpServerRequest request) {
    ApiPath path = ApiPath.parse(request.path());
    switch (path.kind()) {
      case CORE_VERSIONS -> HttpBodies.send(request.response(), 200, types.coreVersions());
      case GROUP_LIST -> HttpBodies.send(request.response(), 200, types.groupList());
      case GROUP -> answerDocument(request, types.group(path.group()), request.path());
      case RESOURCE_LIST -> answerDocument(request, types.resourceList(path.group(), path.version()), request.path());
      case COLLECTION, OBJECT -> handleResource(request, path);
      default -> HttpBodies.send(request.response(), Statuses.notFound("the server could not find " + request.path()));
    }
  }

  private static void answerDocument(HttpServerRequest request, Optional<Map<String, Object>> document, String what) {
    if (document.isPresent()) {
      HttpBodies.send(request.response(), 200, document.get());
    } else {
      HttpBodies.send(request.response(), Statuses.notFound("the server could not find the requested resource (" + what + ")"));
    }
  }

  private void handleResource(HttpServerRequest request, ApiPath path) {
    Optional<ResourceDescriptor> found = types.find(path.group(), path.version(), path.plural());
    if (found.isEmpty()) {
      HttpBodies.send(request.response(), Statuses.notFound("the server could not find the requested resource ("
          + request.method() + " " + path.plural() + ")"));
      return;
    }
    ResourceDescriptor descriptor = found.get();
    if (path.kind() == ApiPath.Kind.COLLECTION && request.method() == HttpMethod.GET) {
      readCollection(request, descriptor, path.namespace());
    } else if (request.method() == HttpMethod.GET) {
      onWorker(request, () -> answer(request, writes.get(descriptor, path.namespace(), path.name())));
    } else if (request.method() == HttpMethod.DELETE && path.kind() == ApiPath.Kind.OBJECT) {
      onWorker(request, () -> answer(request, writes.delete(descriptor, path.namespace(), path.name())));
    } else if (request.method() == HttpMethod.POST && path.kind() == ApiPath.Kind.COLLECTION
        || request.method() == HttpMethod.PUT && path.kind() == ApiPath.Kind.OBJECT) {
      request.body().onSuccess(body -> onWorker(request, () -> {
        Map<String, Object> document = HttpBodies.parseObject(body);
        answer(request, request.method() == HttpMethod.POST
            ? writes.create(descriptor, path.namespace(), document)
            : writes.update(descriptor, path.namespace(), path.name(), document));
      }));
    } else if (request.method() == HttpMethod.PATCH && path.kind() == ApiPath.Kind.OBJECT) {
      String contentType = String.valueOf(request.getHeader("Content-Type"));
      if (!contentType.startsWith(MergePatch.CONTENT_TYPE)) {
        HttpBodies.send(request.response(), Statuses.unsupportedMediaType(contentType));
        return;
      }
      request.body().onSuccess(body -> onWorker(request, () ->
          answer(request, writes.patch(descriptor, path.namespace(), path.name(), HttpBodies.parseObject(body)))));
    } else {
      HttpBodies.send(request.response(), Statuses.methodNotAllowed(request.method() + " is not supported on " + request.path()));
    }
  }

  private void readCollection(HttpServerRequest request, ResourceDescriptor descriptor, String namespace) {
    String accept = request.getHeader("Accept");
    boolean partial = accept != null && accept.contains("as=PartialObjectMetadata");
    var source = api.listerWatcher(descriptor.type());
    boolean watch = RequestOptions.isWatch(request.params());
    Context context = Vertx.currentContext();
    if (watch && request.canUpgradeToWebSocket()) {
      request.pause();
    }
    onWorker(request, () -> {
      String ns = descriptor.scope() == io.informer4j.meta.Scope.CLUSTER ? null : namespace;
      if (watch) {
        WatchResponder.respond(descriptor, source, RequestOptions.watch(request.params(), ns, !ignoreSendInitialEvents),
            partial, request, context, watchGate, encodedObjects);
      } else {
        ListResponder.respond(descriptor, source, RequestOptions.list(request.params(), ns), partial, request.response(),
            nextListCut.getAndSet(ListResponder.NO_CUT), encodedObjects);
      }
    });
  }

  /** Runs a handler on a worker thread, turning its failures into Kubernetes answers. */
  private void onWorker(HttpServerRequest request, Runnable handler) {
    workers.execute(() -> {
      HttpServerResponse response = request.response();
      try {
        handler.run();
      } catch (SourceException e) {
        fail(response, e);
      } catch (IllegalArgumentException e) {
        fail(response, Statuses.badRequest(e.getMessage()));
      } catch (RuntimeException e) {
        log.warn("the test server failed on {} {}", request.method(), request.uri(), e);
        fail(response, Statuses.of(new SourceException("internal error: " + e, 500, e)));
      }
    });
  }

  private static void fail(HttpServerResponse response, SourceException error) {
    if (error instanceof TransientSourceException t && (t.reason() == TransientSourceException.Reason.CONNECTION_REFUSED
        || t.reason() == TransientSourceException.Reason.CONNECTION_LOST)) {
      response.reset();
      return;
    }
    fail(response, Statuses.of(error));
  }

  private static void fail(HttpServerResponse response, Statuses.Failure failure) {
    if (response.headWritten()) {
      response.reset();
    } else {
      HttpBodies.send(response, failure);
    }
  }

  private static void answer(HttpServerRequest request, ObjectWrites.Answer answer) {
    HttpBodies.send(request.response(), answer.code(), answer.document());
  }
}

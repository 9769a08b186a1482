package io.informer4j.kubernetes.testserver;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.events.v1.Event;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.ExpiredException;
import io.informer4j.testkit.SimulatedApi;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.PemKeyCertOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * An in-process Kubernetes API server over a {@link SimulatedApi}, speaking the real protocol on
 * loopback HTTP, for tests of clients, informers and operators — including with kubectl.
 *
 * <p>What it serves, with the API server's semantics (docs/TESTING.md lists them with their sources):
 * resourceVersion semantics, 410 Expired (as a status and as an ERROR watch event), paging with
 * expiring continue tokens, label and field selectors, bookmarks, watch-list; server-set
 * {@code uid}, {@code creationTimestamp}, {@code generation}, {@code resourceVersion} and
 * {@code managedFields}; server-side apply; finalizers and {@code deletionTimestamp}; the {@code /status}
 * subresource; CustomResourceDefinitions established just after creation, multi-version with one
 * storage version, deleted with their objects; ownerReference garbage collection; JSON, merge and
 * strategic merge patches; validation with the API server's status codes and messages; discovery
 * with short names and categories, {@code /version} and the OpenAPI documents kubectl reads.
 * CustomResourceDefinitions, Namespaces and Events ({@code events.k8s.io/v1} and {@code v1}, one storage
 * converted per API version as on a cluster, which
 * {@code kubectl describe} reads) are served from the start, with the Namespaces a cluster starts
 * with ({@code default}, {@code kube-system}, {@code kube-public}, {@code kube-node-lease}): an
 * object is created only in a Namespace that exists (else 404, as on a cluster; see
 * {@link #createNamespaces}), and a deleted Namespace is {@code Terminating} until it is emptied;
 * other built-in types once {@link #serve} names them. Writes made straight into the simulated API
 * skip the server's rules (no timestamps, no generation) but are served like any other.
 *
 * <p>Faults: those of the simulated API ({@link SimulatedApi#faults()}: failed requests, dropped or
 * cut watches, latency, compaction) show on the wire as a Kubernetes server shows them; the server
 * adds {@link #holdWatchEvents}, {@link #cutNextListAfter}, {@link #injectIntoWatches},
 * {@link #ignoreSendInitialEvents} and {@link #failNextWrites}, and shortcuts {@link #dropWatches},
 * {@link #compact} and {@link #expireWatches}. {@link #requests()} lists what clients sent.
 *
 * <p>It listens on a free loopback port over plain HTTP unless told otherwise ({@link Listening}: an
 * address, TLS, a bearer token; an address that is not loopback needs both). {@link TestServerCommand}
 * runs it as a process.
 *
 * <p>Thread-safe. {@link #close()} stops the server, and the simulated API when the server made it.
 */
public final class KubernetesTestServer implements AutoCloseable {

  private static final Duration ESTABLISH_WAIT = Duration.ofSeconds(30);

  private final SimulatedApi api;
  private final boolean ownsApi;
  private final ServedTypes types = new ServedTypes();
  private final ObjectRules rules = new ObjectRules(Clock.systemUTC());
  private final ObjectWrites writes;
  private final CrdController crds;
  private final GarbageCollector collector;
  private final NamespaceController namespaces;
  private final ServerFaults faults = new ServerFaults();
  private final Queue<ServedRequest> served = new ConcurrentLinkedQueue<>();
  private final Vertx vertx = Vertx.vertx();
  private final ExecutorService workers = DaemonThreads.cached("kubernetes-test-server");
  private final ResourceRequests resources;
  private final Listening listening;
  private final HttpServer server;
  private volatile ServerVersion version = new ServerVersion(ServerVersion.DEFAULT);

  private KubernetesTestServer(SimulatedApi api, boolean ownsApi, Listening listening) {
    this.api = api;
    this.ownsApi = ownsApi;
    this.listening = listening;
    this.writes = new ObjectWrites(api, types, rules);
    this.crds = new CrdController(writes, types, api);
    this.collector = new GarbageCollector(writes, types);
    writes.addListener(crds);
    this.namespaces = new NamespaceController(writes, types);
    writes.addListener(collector);
    writes.addListener(namespaces);
    this.resources = new ResourceRequests(api, types, writes, workers, faults);
    writes.serve(CustomResourceDefinitions.CRD, ModelSchemas.of(CustomResourceDefinition.class), true);
    // the core Events first: their storage is installed with their field selectors, and events.k8s.io/v1 shares it
    serve(Namespace.class, io.fabric8.kubernetes.api.model.Event.class, Event.class);
    for (String name : Namespaces.INITIAL) {
      if (writes.find(Namespaces.TYPE, null, name).isEmpty()) {
        writes.create(Namespaces.TYPE, null, Namespaces.document(name), ObjectWrites.WriteOptions.CONTROLLERS);
      }
    }
    HttpServerOptions options = new HttpServerOptions().setHost(listening.address()).setPort(listening.port());
    if (listening.tls()) {
      options.setSsl(true).setKeyCertOptions(new PemKeyCertOptions().setCertPath(listening.certificate().toString())
          .setKeyPath(listening.privateKey().toString()));
    }
    this.server = vertx.createHttpServer(options).requestHandler(this::handle);
    try {
      server.listen().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      close();
      throw new IllegalStateException("the test server could not start", e);
    }
  }

  /** Starts a server on a free loopback port over {@code api}; {@link #close()} leaves the API open. */
  public static KubernetesTestServer start(SimulatedApi api) {
    return start(api, Listening.loopback());
  }

  /** Starts a server on a free loopback port over a simulated API of its own, closed with it. */
  public static KubernetesTestServer start() {
    return start(Listening.loopback());
  }

  /**
   * Starts a server listening as {@code listening} says over a simulated API of its own, closed with it.
   *
   * @throws IllegalStateException if it cannot listen (the port is taken, the certificate unreadable)
   */
  public static KubernetesTestServer start(Listening listening) {
    return new KubernetesTestServer(SimulatedApi.builder().build(), true, listening);
  }

  /**
   * Starts a server listening as {@code listening} says over {@code api}; {@link #close()} leaves the API open.
   *
   * @throws IllegalStateException if it cannot listen (the port is taken, the certificate unreadable)
   */
  public static KubernetesTestServer start(SimulatedApi api, Listening listening) {
    return new KubernetesTestServer(api, false, listening);
  }

  /**
   * Makes {@code /version} report {@code gitVersion} ({@code v1.34.0}) from now on instead of
   * {@code v1.35.0}: before 1.35 an API server does not guarantee that resourceVersions
   * compare as integers, so clients compare them for equality only (a test of that fallback).
   *
   * @throws IllegalArgumentException if it is not of the form {@code v<major>.<minor>.<patch>}
   */
  public void reportKubernetesVersion(String gitVersion) {
    version = new ServerVersion(gitVersion);
  }

  /** Returns the simulated API behind the server. */
  public SimulatedApi api() {
    return api;
  }

  /**
   * Returns the server's base URL: {@code http://127.0.0.1:<port>/} by default, {@code https://} with
   * TLS, the address it listens on (or 127.0.0.1 for a wildcard address).
   */
  public String url() {
    return (listening.tls() ? "https://" : "http://") + listening.clientHost() + ":" + server.actualPort() + "/";
  }

  /**
   * Serves a type described by hand (installing it in the simulated API), without a schema: its
   * objects keep any field, their managed fields are not tracked, and server-side apply is refused
   * (500, as the API server answers an apply to a kind it has no schema for); returns this server.
   */
  public KubernetesTestServer serve(ResourceType type) {
    writes.serve(type);
    return this;
  }

  /**
   * Serves the built-in types of fabric8 model classes ({@link ResourceType#of(Class)}), with the
   * fields of the models as their schema (unknown fields are pruned and reported as the API server
   * does, {@link ModelSchemas}); returns this server.
   */
  @SafeVarargs
  public final KubernetesTestServer serve(Class<? extends HasMetadata>... modelClasses) {
    for (Class<? extends HasMetadata> modelClass : modelClasses) {
      writes.serve(ResourceType.of(modelClass), ModelSchemas.of(modelClass), true);
    }
    return this;
  }

  /**
   * Stops validating the objects of {@code types} (each a served version's group, version and kind),
   * from now on, for tests that need the leniency of a server that does not validate: their creates,
   * updates, patches and applies skip the value rules of a CRD's schema (types, required fields,
   * enums, bounds, patterns, formats) and its CEL validation rules, and a built-in kind's content
   * rules (required fields, selectors, ports, immutable fields). Schema and built-in defaults are
   * still applied, unknown fields still pruned, names, labels and annotations still checked, and an
   * immutable ConfigMap or Secret still keeps its data. Off by default; returns this server.
   */
  public KubernetesTestServer skipValidation(TypeKey... types) {
    for (TypeKey type : types) {
      writes.skipValidation(type);
    }
    return this;
  }

  /**
   * Creates the Namespaces {@code names} that do not exist yet, as a client would (each
   * {@code Active}, with the {@code kubernetes} finalizer and the {@code kubernetes.io/metadata.name}
   * label); returns this server. Objects are created only in Namespaces that exist.
   *
   * @throws IllegalArgumentException if a name is not a valid Namespace name
   */
  public KubernetesTestServer createNamespaces(String... names) {
    for (String name : names) {
      if (writes.find(Namespaces.TYPE, null, name).isPresent()) {
        continue;
      }
      try {
        writes.create(Namespaces.TYPE, null, Namespaces.document(name), ObjectWrites.WriteOptions.DEFAULT);
      } catch (RejectedRequest refused) {
        if (refused.failure().code() != 409) {
          throw new IllegalArgumentException("the namespace was refused: " + refused.failure().status().get("message"),
              refused);
        }
      }
    }
    return this;
  }

  /**
   * Creates a CustomResourceDefinition of {@code type}'s kind as a client would (with a schema that
   * keeps any field, and the status subresource when the type has it) and waits until it is
   * established; returns this server.
   *
   * @throws IllegalStateException if the CRD is refused or not established within 30 s
   */
  public KubernetesTestServer createCustomResourceDefinition(ResourceType type) {
    return createCustomResourceDefinition(CustomResourceDefinitions.document(type));
  }

  /**
   * Creates {@code crd} as a client would and waits until it is established; returns this server.
   *
   * @throws IllegalStateException if the CRD is refused or not established within 30 s
   */
  public KubernetesTestServer createCustomResourceDefinition(CustomResourceDefinition crd) {
    @SuppressWarnings("unchecked")
    Map<String, Object> document = new KubernetesSerialization().convertValue(crd, Map.class);
    return createCustomResourceDefinition(document);
  }

  /**
   * Creates the CustomResourceDefinition held by a classpath resource (YAML or JSON, read through
   * the thread's context class loader) and waits until it is established; returns this server.
   *
   * @throws IllegalArgumentException if there is no such resource, or it holds no
   *                                  apiextensions.k8s.io/v1 CustomResourceDefinition
   * @throws IllegalStateException    if the CRD is refused or not established within 30 s
   */
  public KubernetesTestServer createCustomResourceDefinition(String classpathResource) {
    return createCustomResourceDefinition(CustomResourceDefinitions.read(classpathResource));
  }

  private KubernetesTestServer createCustomResourceDefinition(Map<String, Object> document) {
    try {
      writes.create(CustomResourceDefinitions.CRD, null, document, ObjectWrites.WriteOptions.DEFAULT);
    } catch (RejectedRequest refused) {
      throw new IllegalStateException("the CRD was refused: " + refused.failure().status().get("message"), refused);
    }
    crds.awaitEstablished(Documents.text(Documents.childOrEmpty(document, "metadata"), "name"), ESTABLISH_WAIT);
    return this;
  }

  /**
   * Returns a configuration for a fabric8 client of this server (namespace {@code default}; its
   * certificate and token when it has them).
   */
  public Config clientConfig() {
    return new ClientAccess(url(), listening).clientConfig();
  }

  /** Returns a new fabric8 client of this server; the caller closes it. */
  public KubernetesClient newClient() {
    return new KubernetesClientBuilder().withConfig(clientConfig()).build();
  }

  /**
   * Returns a kubeconfig for this server: one cluster, context and user, namespace {@code default};
   * the server's certificate as the certificate authority and the token as the user's, when it has them.
   */
  public String kubeconfig() {
    return new ClientAccess(url(), listening).kubeconfig();
  }

  /**
   * Writes {@link #kubeconfig()} to {@code file} (for kubectl: {@code --kubeconfig} or
   * {@code KUBECONFIG}); returns the file.
   *
   * @throws UncheckedIOException if it cannot be written
   */
  public Path writeKubeconfig(Path file) {
    try {
      return Files.writeString(file, kubeconfig(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("the kubeconfig could not be written to " + file, e);
    }
  }

  /**
   * Holds the events of every open watch (and of watches opened meanwhile) until
   * {@link #releaseWatchEvents()}: they are encoded as they happen and kept, per watch, in order.
   */
  public void holdWatchEvents() {
    faults.watchGate().hold();
  }

  /** Writes every held watch event and lets events through again. */
  public void releaseWatchEvents() {
    faults.watchGate().release();
  }

  /**
   * Makes the next list answer break off after {@code items} items: what was encoded so far is sent,
   * then the connection is reset, as when a server goes away in the middle of a list.
   */
  public void cutNextListAfter(int items) {
    if (items < 1) {
      throw new IllegalArgumentException("cut after at least one item: " + items);
    }
    faults.cutNextListAfter(items);
  }

  /**
   * Writes {@code bytes} as they are into every open watch of {@code type}, after the events already
   * sent to it: into the body of a chunked watch (no line feed is added), or as one text message of a
   * WebSocket watch.
   *
   * @return how many watches got them
   */
  public int injectIntoWatches(TypeKey type, byte[] bytes) {
    List<WatchChannel> channels = faults.watchGate().open(type);
    EventJson raw = EventJson.raw(bytes.clone());
    channels.forEach(channel -> channel.send(raw));
    return channels.size();
  }

  /**
   * Makes the server ignore {@code sendInitialEvents} and {@code resourceVersionMatch} on watches
   * from now on (or heed them again), as Kubernetes before 1.19 did, which knew neither and, like
   * any API server, ignored query parameters it did not know. A watch-list request is then a plain
   * watch that never sends the bookmark ending the initial events. (Kubernetes 1.19 to 1.26 reject
   * {@code resourceVersionMatch} on a watch with 422 instead: {@code SimulatedApiBuilder.rejectWatchList}
   * serves that case.)
   */
  public void ignoreSendInitialEvents(boolean ignore) {
    faults.ignoreSendInitialEvents(ignore);
  }

  /**
   * Refuses the next {@code count} writes (POST, PUT, PATCH, DELETE of any served resource, also of
   * {@code /status}) with {@code code} and a Status carrying {@code message} and the API server's
   * reason for that code ({@code Conflict} for 409, {@code Invalid} for 422, {@code InternalError}
   * for 500, {@code ServiceUnavailable} for 503, else {@code Unknown}), before the server looks at
   * them, as if another writer or the server itself refused them. Adds to any refusals still
   * scripted.
   *
   * @throws IllegalArgumentException if {@code count} is below 1 or {@code code} is not an error (4xx or 5xx)
   */
  public void failNextWrites(int count, int code, String message) {
    if (count < 1 || code < 400 || code > 599) {
      throw new IllegalArgumentException("refuse at least one write with an error code: " + count + " × " + code);
    }
    String reason = switch (code) {
      case 409 -> "Conflict";
      case 422 -> "Invalid";
      case 500 -> "InternalError";
      case 503 -> "ServiceUnavailable";
      default -> "Unknown";
    };
    faults.failNextWrites(count, new Statuses.Failure(code, Statuses.status(code, reason, message, null), null));
  }

  /** Returns every request received since the start or the last {@link #clearRequests()}, in order. */
  public List<ServedRequest> requests() {
    return List.copyOf(served);
  }

  /** Forgets the recorded requests. */
  public void clearRequests() {
    served.clear();
  }

  /** Breaks every open watch's connection, as a restarting API server does; returns how many. */
  public int dropWatches() {
    return api.faults().dropAllWatches();
  }

  /**
   * Compacts the history up to now: watches from, continue tokens at and exact lists at older
   * versions are then answered 410 Expired.
   */
  public void compact() {
    api.compact();
  }

  /**
   * Ends every open watch of {@code type} with an ERROR event carrying 410 Expired, as an API server
   * does when a watcher fell behind the history it keeps; returns how many.
   */
  public int expireWatches(TypeKey type) {
    TypeKey storage = types.all().stream().filter(t -> t.type().equals(type)).map(ResourceType::storageType)
        .findFirst().orElse(type);
    return api.faults().injectError(storage, new ExpiredException("too old resource version"));
  }

  /** Stops serving; open connections are closed; the simulated API too when the server made it. */
  @Override
  public void close() {
    try {
      server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      // closing anyway
    } finally {
      vertx.close();
      workers.shutdownNow();
      crds.close();
      collector.close();
      namespaces.close();
      if (ownsApi) {
        api.close();
      }
    }
  }

  private void handle(HttpServerRequest request) {
    served.add(new ServedRequest(request.method().name(), request.path(), request.query() == null ? "" : request.query()));
    if (listening.token() != null && !("Bearer " + listening.token()).equals(request.getHeader("Authorization"))) {
      HttpBodies.send(request.response(), new Statuses.Failure(401, Statuses.status(401, "Unauthorized", "Unauthorized",
          null), null));
      return;
    }
    ApiPath path = ApiPath.parse(request.path());
    switch (path.kind()) {
      case VERSION -> HttpBodies.send(request.response(), 200, version.document());
      case OPENAPI_V2 -> openApiV2(request);
      case OPENAPI_V3 -> HttpBodies.send(request.response(), 200, OpenApiDocuments.v3Root(types));
      case OPENAPI_V3_GROUP_VERSION -> answerDocument(request, types.resourceList(path.group(), path.version())
          .map(found -> OpenApiDocuments.v3GroupVersion(types, path.group(), path.version())));
      case CORE_VERSIONS -> HttpBodies.send(request.response(), 200, types.coreVersions());
      case GROUP_LIST -> HttpBodies.send(request.response(), 200, types.groupList());
      case GROUP -> answerDocument(request, types.group(path.group()));
      case RESOURCE_LIST -> answerDocument(request, types.resourceList(path.group(), path.version()));
      case COLLECTION, OBJECT, STATUS, SCALE -> resources.handle(request, path);
      default -> HttpBodies.send(request.response(), Statuses.notFound("the server could not find the requested resource"));
    }
  }

  private static void openApiV2(HttpServerRequest request) {
    if (MediaTypes.prefersOpenApiProtobuf(request.getHeader("Accept"))) {
      request.response().setStatusCode(200).putHeader("Content-Type", OpenApiDocuments.V2_PROTOBUF)
          .end(Buffer.buffer(OpenApiDocuments.v2Protobuf()));
    } else {
      HttpBodies.send(request.response(), 200, OpenApiDocuments.v2Json());
    }
  }

  private static void answerDocument(HttpServerRequest request, Optional<Map<String, Object>> document) {
    if (document.isPresent()) {
      HttpBodies.send(request.response(), 200, document.get());
    } else {
      HttpBodies.send(request.response(), Statuses.notFound("the server could not find the requested resource"));
    }
  }
}

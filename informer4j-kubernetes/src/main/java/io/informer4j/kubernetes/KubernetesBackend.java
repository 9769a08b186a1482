package io.informer4j.kubernetes;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PartialObjectMetadata;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.informer4j.kubernetes.internal.ApiConnection;
import io.informer4j.kubernetes.internal.FabricJson;
import io.informer4j.kubernetes.internal.LargeChunkHttpClientFactory;
import io.informer4j.kubernetes.internal.LeanVertx;
import io.informer4j.kubernetes.internal.ResourceResolver;
import io.informer4j.kubernetes.internal.WatchListSupport;
import io.informer4j.meta.TypeKey;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The entry point of the Kubernetes backend: sources ({@link KubernetesListerWatcher}) for typed,
 * dynamic and metadata-only resources, their adapter, discovery, and the factory's
 * {@link KubernetesClientProvider} and {@link KubernetesTypeRegistry}, all over one fabric8 client.
 *
 * <p>Connection settings come from fabric8: {@link #connect()} reads the kubeconfig
 * ({@code KUBECONFIG}, {@code ~/.kube/config}) or the in-cluster service account, with TLS
 * verification on unless the configuration says otherwise; bearer tokens, client certificates,
 * exec plugins and impersonation work as in fabric8.
 *
 * <pre>{@code
 * try (KubernetesBackend kube = KubernetesBackend.connect()) {
 *   SharedIndexInformer<ConfigMap> informer = SharedIndexInformer
 *       .builder(kube.typed(ConfigMap.class), kube.adapter(ConfigMap.class))
 *       .transform(KubernetesTransforms.stripManagedFields())
 *       .build();
 *   informer.start();
 * }
 * }</pre>
 *
 * <p>A client that {@code connect} creates runs its HTTP connections on max(1, cores ÷ 4) Vert.x
 * event loops (fabric8's default is up to 2 × cores): the loops only move bytes and decode watch
 * events, the informers' own runtime does the rest; response bodies reach the backend in pieces of
 * up to 1 MiB of what was read (Vert.x's default is 8 KiB), which spares long lists and watch
 * streams most of the per-piece work. For other HTTP settings build the fabric8 client yourself and
 * pass it to {@link #using} or {@link #builder}.
 *
 * <p>Thread-safe. Closing closes the fabric8 client (and its Vert.x) only if this backend created it.
 */
public final class KubernetesBackend implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(KubernetesBackend.class);
  private static final Duration VERTX_CLOSE_TIMEOUT = Duration.ofSeconds(10);
  /** fabric8's default connection and request timeout, for a configuration that has none. */
  private static final int DEFAULT_TIMEOUT_MILLIS = Config.DEFAULT_REQUEST_TIMEOUT;

  private static final String PARTIAL_LIST_ACCEPT =
      "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json";
  private static final String PARTIAL_ACCEPT =
      "application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json";

  private final KubernetesClient client;
  private final boolean ownsClient;
  private final WatchTransport transport;
  private final WatchListSupport watchList;
  private final FabricJson json = new FabricJson();
  private final ApiConnection connection;
  private final KubernetesTypeDiscovery discovery;
  private final Vertx ownedVertx;

  private KubernetesBackend(KubernetesClient client, boolean ownsClient, Vertx ownedVertx, WatchTransport transport,
                            boolean watchList) {
    this.client = Objects.requireNonNull(client, "client");
    this.ownsClient = ownsClient;
    this.ownedVertx = ownedVertx;
    this.transport = Objects.requireNonNull(transport, "transport");
    this.watchList = new WatchListSupport(watchList);
    this.connection = new ApiConnection(client, json);
    this.discovery = new KubernetesTypeDiscovery(connection, this);
  }

  /** Connects with fabric8's automatic configuration (kubeconfig or in-cluster); owns the client. */
  public static KubernetesBackend connect() {
    return connect(new ConfigBuilder().build());
  }

  /**
   * Connects with an explicit fabric8 configuration; owns the client. A configuration without a
   * connection timeout or a request timeout (zero or less) is given fabric8's default of 10 s for
   * it (set on {@code config}), so a server that accepts and goes silent cannot hold a connection
   * attempt or a short request forever. The request timeout bounds single requests (discovery);
   * lists and watches stream without it, so it never cuts a long list or a long watch (a list that
   * stops sending ends when the informer interrupts it).
   */
  public static KubernetesBackend connect(Config config) {
    Objects.requireNonNull(config, "config");
    if (!isPositive(config.getConnectionTimeout())) {
      config.setConnectionTimeout(DEFAULT_TIMEOUT_MILLIS);
    }
    if (!isPositive(config.getRequestTimeout())) {
      config.setRequestTimeout(DEFAULT_TIMEOUT_MILLIS);
    }
    Vertx vertx = LeanVertx.create();
    try {
      KubernetesClient client = new KubernetesClientBuilder().withConfig(config)
          .withHttpClientFactory(new LargeChunkHttpClientFactory(vertx)).build();
      Builder builder = builder(client).ownsClient(true);
      builder.ownedVertx = vertx;
      return builder.build();
    } catch (RuntimeException e) {
      LeanVertx.close(vertx, VERTX_CLOSE_TIMEOUT);
      throw e;
    }
  }

  private static boolean isPositive(Integer millis) {
    return millis != null && millis > 0;
  }

  /** Uses an existing fabric8 client with default options; the caller keeps owning it. */
  public static KubernetesBackend using(KubernetesClient client) {
    return builder(client).build();
  }

  /** Starts configuring a backend over {@code client} (not owned unless said). */
  public static Builder builder(KubernetesClient client) {
    return new Builder(client);
  }

  /** Returns a source for a typed model class; its descriptor comes from the class's annotations. */
  public <T extends HasMetadata> KubernetesListerWatcher<T> typed(Class<T> modelClass) {
    return typed(modelClass, ResourceDescriptor.of(modelClass));
  }

  /** Returns a source for a typed model class at an explicit descriptor. */
  public <T extends HasMetadata> KubernetesListerWatcher<T> typed(Class<T> modelClass, ResourceDescriptor descriptor) {
    return source(modelClass, ResourceResolver.fixed(descriptor), ApiConnection.JSON, ApiConnection.JSON);
  }

  /**
   * Returns a source of {@link GenericKubernetesResource} for a type by group/version/kind; its plural
   * and scope are found through discovery at the first request (so the type may be installed later;
   * until then requests fail with {@code TypeNotFoundException}).
   */
  public KubernetesListerWatcher<GenericKubernetesResource> dynamic(TypeKey type) {
    return source(GenericKubernetesResource.class, discovered(type), ApiConnection.JSON, ApiConnection.JSON);
  }

  /** Returns a source of {@link GenericKubernetesResource} for a type by explicit descriptor (no discovery). */
  public KubernetesListerWatcher<GenericKubernetesResource> dynamic(ResourceDescriptor descriptor) {
    return source(GenericKubernetesResource.class, ResourceResolver.fixed(descriptor), ApiConnection.JSON, ApiConnection.JSON);
  }

  /**
   * Returns a source of {@link GenericKubernetesResource} for a resource by its plural
   * ({@code "widgets"} in {@code example.com/v1}); kind and scope come from discovery at the first
   * request.
   */
  public KubernetesListerWatcher<GenericKubernetesResource> dynamicByPlural(String group, String version, String plural) {
    ResourceResolver resolver = ResourceResolver.lazy(() -> discovery.resolvePlural(group, version, plural),
        (group.isEmpty() ? "" : group + "/") + version + " " + plural);
    return source(GenericKubernetesResource.class, resolver, ApiConnection.JSON, ApiConnection.JSON);
  }

  /**
   * Returns a source of {@link PartialObjectMetadata}: the server sends only each object's
   * {@code apiVersion}, {@code kind} and {@code metadata} (as client-go's metadata informers ask), so
   * the cache holds no spec, status or data. The plural and scope come from discovery.
   */
  public KubernetesListerWatcher<PartialObjectMetadata> metadataOnly(TypeKey type) {
    return source(PartialObjectMetadata.class, discovered(type), PARTIAL_LIST_ACCEPT, PARTIAL_ACCEPT);
  }

  /** As {@link #metadataOnly(TypeKey)}, at an explicit descriptor (no discovery). */
  public KubernetesListerWatcher<PartialObjectMetadata> metadataOnly(ResourceDescriptor descriptor) {
    return source(PartialObjectMetadata.class, ResourceResolver.fixed(descriptor), PARTIAL_LIST_ACCEPT, PARTIAL_ACCEPT);
  }

  /** Returns the adapter for objects of {@code modelClass}. */
  public <T extends HasMetadata> HasMetadataAdapter<T> adapter(Class<T> modelClass) {
    Objects.requireNonNull(modelClass, "modelClass");
    return new HasMetadataAdapter<>(json);
  }

  /** Returns discovery for this server. */
  public KubernetesTypeDiscovery discovery() {
    return discovery;
  }

  /** Returns a new client provider for the shared informer factory. */
  public KubernetesClientProvider clientProvider() {
    return new KubernetesClientProvider(this);
  }

  /** Returns a new type registry backed by model classes, explicit descriptors and discovery. */
  public KubernetesTypeRegistry typeRegistry() {
    return new KubernetesTypeRegistry(discovery);
  }

  /** Returns the fabric8 client. */
  public KubernetesClient client() {
    return client;
  }

  /**
   * Stops discovery's CRD watches, and closes the fabric8 client if this backend owns it (and the
   * Vert.x under it if {@code connect} created that, waiting up to 10 s for it to close).
   */
  @Override
  public void close() {
    discovery.close();
    if (ownsClient) {
      client.close();
    }
    if (ownedVertx != null && !LeanVertx.close(ownedVertx, VERTX_CLOSE_TIMEOUT)) {
      log.warn("the Vert.x instance of the Kubernetes client did not close within {}", VERTX_CLOSE_TIMEOUT);
    }
  }

  private ResourceResolver discovered(TypeKey type) {
    Objects.requireNonNull(type, "type");
    return ResourceResolver.lazy(() -> discovery.resolve(type), type.toString());
  }

  private <T extends HasMetadata> KubernetesListerWatcher<T> source(Class<T> objectType, ResourceResolver resolver,
                                                                    String listAccept, String watchAccept) {
    return new KubernetesListerWatcher<>(connection, resolver, objectType, listAccept, watchAccept, transport, watchList);
  }

  /** Configures a {@link KubernetesBackend}. Not thread-safe. */
  public static final class Builder {
    private final KubernetesClient client;
    private boolean ownsClient;
    private WatchTransport transport = WatchTransport.HTTP_STREAM;
    private boolean watchList = true;
    private Vertx ownedVertx;

    private Builder(KubernetesClient client) {
      this.client = Objects.requireNonNull(client, "client");
    }

    /** Whether closing the backend closes the client (default false). */
    public Builder ownsClient(boolean owns) {
      this.ownsClient = owns;
      return this;
    }

    /** Sets how watches reach the server (default {@link WatchTransport#HTTP_STREAM}). */
    public Builder watchTransport(WatchTransport transport) {
      this.transport = Objects.requireNonNull(transport, "transport");
      return this;
    }

    /**
     * Whether informers may try watch-list streaming (default true). Once an informer finds it
     * unusable (the server rejects it, or never ends the initial events), every source of the
     * backend stops offering it.
     */
    public Builder watchList(boolean enabled) {
      this.watchList = enabled;
      return this;
    }

    /** Returns the backend. */
    public KubernetesBackend build() {
      return new KubernetesBackend(client, ownsClient, ownedVertx, transport, watchList);
    }
  }
}

package io.informer4j.kubernetes;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PartialObjectMetadata;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.RuntimeBackend;
import io.informer4j.kubernetes.internal.ApiConnection;
import io.informer4j.kubernetes.internal.ConfigCredentials;
import io.informer4j.kubernetes.internal.ConfigurationErrors;
import io.informer4j.kubernetes.internal.FabricJson;
import io.informer4j.kubernetes.internal.LargeChunkHttpClientFactory;
import io.informer4j.kubernetes.internal.LeanVertx;
import io.informer4j.kubernetes.internal.ResourceResolver;
import io.informer4j.kubernetes.internal.WatchListSupport;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.TypeRegistry;
import io.informer4j.meta.UnknownTypeException;
import io.informer4j.source.Backend;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.Redaction;
import io.informer4j.source.ResourceVersionOrder;
import io.informer4j.source.TypePresence;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Kubernetes {@link Backend}: typed models ({@link #type(Class)}), dynamic resources
 * ({@link #dynamic}) and metadata only ({@link #metadataOnly}), their sources (each a
 * {@link ListerWatcher} streaming lists and watches over fabric8's HTTP client), discovery and the
 * CRD watch that announces new types, all over one fabric8 client.
 *
 * <p>Connection settings come from fabric8: {@link #connect()} reads the kubeconfig
 * ({@code KUBECONFIG}, {@code ~/.kube/config}) or the in-cluster service account, with TLS
 * verification on unless the configuration says otherwise; bearer tokens, client certificates,
 * exec plugins and impersonation work as in fabric8.
 *
 * <pre>{@code
 * try (KubernetesBackend kube = KubernetesBackend.connect();
 *      InformersMap cache = InformersMap.builder(kube).build()) {
 *   CacheReader<ConfigMap> configMaps = cache.reader(kube.type(ConfigMap.class));
 *   CacheReader<GenericKubernetesResource> widgets =
 *       cache.reader(kube.dynamic(TypeKey.of("example.com", "v1", "Widget")));
 *   cache.start();
 *   ConfigMap settings = configMaps.get(ObjectKey.of("shop", "settings"));
 *   GenericKubernetesResource widget = widgets.get(ObjectKey.of("shop", "w1"));
 * }
 * }</pre>
 *
 * <p>Every representation comes as an {@link ObjectType} of its own class ({@link #type(Class)},
 * {@link #dynamic}, {@link #metadataOnly}), so registering, watching and reading need no cast.
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
public final class KubernetesBackend implements RuntimeBackend, AutoCloseable {

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
  private final KubernetesTypeRegistry types;
  private final ResourceVersionGuarantee versions;
  private final Vertx ownedVertx;

  private KubernetesBackend(KubernetesClient client, boolean ownsClient, Vertx ownedVertx, WatchTransport transport,
                            boolean watchList) {
    this.client = Objects.requireNonNull(client, "client");
    ConfigCredentials.register(client.getConfiguration());
    this.ownsClient = ownsClient;
    this.ownedVertx = ownedVertx;
    this.transport = Objects.requireNonNull(transport, "transport");
    this.watchList = new WatchListSupport(watchList);
    this.connection = new ApiConnection(client, json);
    this.discovery = new KubernetesTypeDiscovery(connection, this);
    this.types = new KubernetesTypeRegistry(discovery);
    this.versions = new ResourceVersionGuarantee(connection, Redaction.redact(String.valueOf(client.getMasterUrl())));
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
   * stops sending ends when the informer interrupts it). A user name and password in the server URL
   * are taken out of it into the configuration's basic-auth credentials (unless it has some), as Go
   * clients use them, so no request log shows them.
   *
   * @throws KubernetesConfigurationException if a client certificate, client key or certificate
   *                                          authority it names is missing or cannot be read
   */
  public static KubernetesBackend connect(Config config) {
    Objects.requireNonNull(config, "config");
    ConfigCredentials.moveUserInfoToBasicAuth(config);
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
      throw ConfigurationErrors.explain(config, e);
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

  /**
   * Returns the objects of the type a fabric8 model class stands for, decoded to that class (for
   * example {@code type(ConfigMap.class)}); the resource's plural and scope come from the class's
   * annotations, or from a {@link #register registered} descriptor of its type.
   *
   * @throws UnknownTypeException if the class is not a fabric8 model with an API version
   */
  @Override
  public <T> ObjectType<T> type(Class<T> modelClass) {
    Objects.requireNonNull(modelClass, "modelClass");
    if (!HasMetadata.class.isAssignableFrom(modelClass) || modelClass == GenericKubernetesResource.class
        || modelClass == PartialObjectMetadata.class) {
      throw new UnknownTypeException(modelClass.getName() + " (not a typed fabric8 model; use dynamic() or metadataOnly())");
    }
    TypeKey key = types.register(modelClass.asSubclass(HasMetadata.class)).type();
    return ObjectType.of(key, modelClass, adapter());
  }

  /**
   * Returns the objects of {@code type} as {@link GenericKubernetesResource}s (representation
   * {@code dynamic}), for custom resources without a model class; the plural and scope come from a
   * registered descriptor, else from discovery at the first request (so the type may be installed
   * later; until then requests fail with {@code TypeNotFoundException}).
   */
  public ObjectType<GenericKubernetesResource> dynamic(TypeKey type) {
    return ObjectType.of(Objects.requireNonNull(type, "type"), "dynamic", GenericKubernetesResource.class, adapter());
  }

  /**
   * Returns the objects of {@code type} as {@link PartialObjectMetadata} (representation
   * {@code metadata}): the server sends only each object's {@code apiVersion}, {@code kind} and
   * {@code metadata}, as client-go's metadata informers ask, so the cache holds no spec, status or
   * data. The plural and scope come as for {@link #dynamic}.
   */
  public ObjectType<PartialObjectMetadata> metadataOnly(TypeKey type) {
    return ObjectType.of(Objects.requireNonNull(type, "type"), "metadata", PartialObjectMetadata.class, adapter());
  }

  /**
   * Registers an explicit descriptor, so its type needs no discovery request (for example a CRD
   * whose plural is known); returns this backend.
   */
  public KubernetesBackend register(ResourceDescriptor descriptor) {
    types.register(descriptor);
    return this;
  }

  /**
   * Returns the source of {@code type}: typed models, {@link GenericKubernetesResource} and
   * {@link PartialObjectMetadata}. Sends no request.
   *
   * @throws UnknownTypeException if the class is none of those, or is the model of another type
   */
  @Override
  @SuppressWarnings("unchecked")
  public <T> ListerWatcher<T> listerWatcher(ObjectType<T> type) {
    Class<T> javaClass = type.javaClass();
    TypeKey key = type.key();
    if (javaClass == GenericKubernetesResource.class) {
      return (ListerWatcher<T>) source(GenericKubernetesResource.class, resolverOf(key), ApiConnection.JSON, ApiConnection.JSON);
    }
    if (javaClass == PartialObjectMetadata.class) {
      return (ListerWatcher<T>) source(PartialObjectMetadata.class, resolverOf(key), PARTIAL_LIST_ACCEPT, PARTIAL_ACCEPT);
    }
    if (!HasMetadata.class.isAssignableFrom(javaClass)) {
      throw new UnknownTypeException(type + ": " + javaClass.getName() + " is not a fabric8 HasMetadata model");
    }
    Class<? extends HasMetadata> model = javaClass.asSubclass(HasMetadata.class);
    ResourceDescriptor ofClass = ResourceDescriptor.of(model);
    if (!ofClass.type().equals(key)) {
      throw new UnknownTypeException(type + ": " + javaClass.getName() + " is the model of " + ofClass.type());
    }
    ResourceDescriptor descriptor = types.registered(key).orElse(ofClass);
    return (ListerWatcher<T>) source(model, ResourceResolver.fixed(descriptor), ApiConnection.JSON, ApiConnection.JSON);
  }

  /**
   * Returns the objects of the served resource named {@code plural} in {@code group/version} as
   * {@link GenericKubernetesResource}s, its kind and scope found through discovery now. Blocks for
   * one discovery request.
   *
   * @throws io.informer4j.source.TypeNotFoundException if no such resource is served
   * @throws io.informer4j.source.SourceException       the mapped error if discovery failed
   */
  public ObjectType<GenericKubernetesResource> dynamicByPlural(String group, String version, String plural) {
    return dynamic(discovery.resolvePlural(group, version, plural).type());
  }

  /** Returns what this backend knows of types: registered descriptors, model classes, then discovery. */
  @Override
  public TypeRegistry types() {
    return types;
  }

  /** Checks with discovery whether {@code type} is served; one request, never throws. */
  @Override
  public TypePresence presence(TypeKey type) {
    return discovery.presence(type);
  }

  /**
   * Watches CustomResourceDefinitions and tells {@code listener} of every type of a CRD once it is
   * established (see {@link KubernetesTypeDiscovery#onTypeAdded}).
   */
  @Override
  public AutoCloseable onTypeAdded(Consumer<TypeKey> listener) {
    return discovery.onTypeAdded(listener);
  }

  /** As {@link #onTypeAdded(Consumer)}, the CRD watch on {@code runtime}'s threads. */
  @Override
  public AutoCloseable onTypeAdded(Consumer<TypeKey> listener, InformerRuntime runtime) {
    return discovery.onTypeAdded(listener, Objects.requireNonNull(runtime, "runtime"));
  }

  /**
   * Returns {@link ResourceVersionOrder#NUMERIC} when the server is Kubernetes 1.35 or later, whose
   * resourceVersions compare as integers (KEP-5504), else {@link ResourceVersionOrder#OPAQUE}; reads
   * {@code /version} once, on the first call (opaque when it cannot be read).
   */
  @Override
  public ResourceVersionOrder resourceVersionOrder(TypeKey type) {
    return versions.order();
  }

  /** Returns the server's address, a password in it hidden ({@link Redaction}). */
  @Override
  public String description() {
    return "Kubernetes " + Redaction.redact(String.valueOf(client.getMasterUrl()));
  }

  /** Returns the adapter of fabric8 objects (any model, dynamic or metadata-only) as one of {@code T}. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private <T> ObjectAdapter<T> adapter() {
    return (ObjectAdapter<T>) (ObjectAdapter) new HasMetadataAdapter<>(json);
  }

  /** Returns discovery for this server. */
  public KubernetesTypeDiscovery discovery() {
    return discovery;
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

  /** Resolves {@code type} through a registered descriptor, else through discovery at the first request. */
  private ResourceResolver resolverOf(TypeKey type) {
    return types.registered(type).map(ResourceResolver::fixed)
        .orElseGet(() -> ResourceResolver.lazy(() -> discovery.resolve(type), type.toString()));
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

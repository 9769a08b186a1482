package io.informer4j.spring;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code informer4j.*} settings of a Spring Boot application, named as the builders they feed
 * name them ({@code Manager.Builder}, {@code CacheOptions}/{@code CacheConfig},
 * {@code ControllerBuilder}, {@code EtcdClients.Builder}, {@code LeaseTiming}, the health server's
 * {@code readinessGrace}). docs/SPRING-BOOT.md lists every property.
 *
 * <p>Mutable JavaBean for Spring's binder; read once, when the manager is built.
 */
@ConfigurationProperties("informer4j")
public class Informer4jProperties {

  /** Whether the starter configures a manager at all. */
  private boolean enabled = true;
  /** The manager's name: its threads are named {@code informer4j-<name>-…}. */
  private String name = "manager";
  /** How long stopping the manager with the application context may take. */
  private Duration stopTimeout = Duration.ofSeconds(30);
  /**
   * How long starting the manager waits for every informer's first contact with the backend before
   * the application fails to start with the reason (unreachable, TLS, 401, 403); zero does not wait.
   */
  private Duration startTimeout = Duration.ofSeconds(30);
  /**
   * Whether the cache watches for new types (for Kubernetes, a cluster-wide watch of
   * CustomResourceDefinitions, which needs list and watch permission on them).
   */
  private boolean watchNewTypes = true;
  /** The cache's base resync period; zero for none. */
  private Duration resyncPeriod = Duration.ZERO;
  /** The namespaces the cache lists and watches (tier 1); empty for all namespaces. */
  private List<String> namespaces = new ArrayList<>();
  /** Per-type cache settings (tier 1 per type). */
  private List<TypeProperties> types = new ArrayList<>();
  /** The default number of workers of every controller. */
  private int workers = 1;
  /**
   * How long a reconcile of any controller may run before it counts as stuck (reported once with its
   * key and stack, counted, shown in status; every worker stuck makes the manager not ready).
   */
  private Duration stuckThreshold = Duration.ofSeconds(60);
  /** Per-controller settings, by controller name. */
  private Map<String, ControllerProperties> controllers = new LinkedHashMap<>();
  private final KubernetesProperties kubernetes = new KubernetesProperties();
  private final EtcdProperties etcd = new EtcdProperties();
  private final LeaderElectionProperties leaderElection = new LeaderElectionProperties();
  private final HealthProperties health = new HealthProperties();

  public boolean isEnabled() {
    return enabled;
  }

  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public Duration getStopTimeout() {
    return stopTimeout;
  }

  public void setStopTimeout(Duration stopTimeout) {
    this.stopTimeout = stopTimeout;
  }

  public Duration getStartTimeout() {
    return startTimeout;
  }

  public void setStartTimeout(Duration startTimeout) {
    this.startTimeout = startTimeout;
  }

  public boolean isWatchNewTypes() {
    return watchNewTypes;
  }

  public void setWatchNewTypes(boolean watchNewTypes) {
    this.watchNewTypes = watchNewTypes;
  }

  public Duration getResyncPeriod() {
    return resyncPeriod;
  }

  public void setResyncPeriod(Duration resyncPeriod) {
    this.resyncPeriod = resyncPeriod;
  }

  public List<String> getNamespaces() {
    return namespaces;
  }

  public void setNamespaces(List<String> namespaces) {
    this.namespaces = namespaces;
  }

  public List<TypeProperties> getTypes() {
    return types;
  }

  public void setTypes(List<TypeProperties> types) {
    this.types = types;
  }

  public int getWorkers() {
    return workers;
  }

  public void setWorkers(int workers) {
    this.workers = workers;
  }

  public Duration getStuckThreshold() {
    return stuckThreshold;
  }

  public void setStuckThreshold(Duration stuckThreshold) {
    this.stuckThreshold = stuckThreshold;
  }

  public Map<String, ControllerProperties> getControllers() {
    return controllers;
  }

  public void setControllers(Map<String, ControllerProperties> controllers) {
    this.controllers = controllers;
  }

  public KubernetesProperties getKubernetes() {
    return kubernetes;
  }

  public EtcdProperties getEtcd() {
    return etcd;
  }

  public LeaderElectionProperties getLeaderElection() {
    return leaderElection;
  }

  public HealthProperties getHealth() {
    return health;
  }

  /** What the cache lists and watches of one type ({@code CacheOptions.byType}). */
  public static class TypeProperties {
    /** The type's API version: {@code v1}, {@code apps/v1}, {@code examples.informer4j.io/v1}. */
    private String apiVersion;
    /** The type's kind, for example {@code ConfigMap}. */
    private String kind;
    /** The namespaces this type is cached in; empty for the cache's namespaces. */
    private List<String> namespaces = new ArrayList<>();
    /** A label selector pushed into every list and watch of the type. */
    private String labelSelector;
    /** A field selector pushed into every list and watch of the type. */
    private String fieldSelector;
    /** The type's resync period, instead of the cache's. */
    private Duration resyncPeriod;
    /** False to cache the type's objects as decoded instead of in their compact form (the default). */
    private Boolean compactObjects;

    public String getApiVersion() {
      return apiVersion;
    }

    public void setApiVersion(String apiVersion) {
      this.apiVersion = apiVersion;
    }

    public String getKind() {
      return kind;
    }

    public void setKind(String kind) {
      this.kind = kind;
    }

    public List<String> getNamespaces() {
      return namespaces;
    }

    public void setNamespaces(List<String> namespaces) {
      this.namespaces = namespaces;
    }

    public String getLabelSelector() {
      return labelSelector;
    }

    public void setLabelSelector(String labelSelector) {
      this.labelSelector = labelSelector;
    }

    public String getFieldSelector() {
      return fieldSelector;
    }

    public void setFieldSelector(String fieldSelector) {
      this.fieldSelector = fieldSelector;
    }

    public Duration getResyncPeriod() {
      return resyncPeriod;
    }

    public void setResyncPeriod(Duration resyncPeriod) {
      this.resyncPeriod = resyncPeriod;
    }

    public Boolean getCompactObjects() {
      return compactObjects;
    }

    public void setCompactObjects(Boolean compactObjects) {
      this.compactObjects = compactObjects;
    }
  }

  /** One controller's settings ({@code ControllerBuilder}). */
  public static class ControllerProperties {
    /** Its number of workers, instead of {@code informer4j.workers}. */
    private Integer workers;
    /** Interrupts a reconcile that runs longer. */
    private Duration reconcileTimeout;
    /** How long its reconcile may run before it counts as stuck, instead of {@code informer4j.stuck-threshold}. */
    private Duration stuckThreshold;
    /** Namespaces (patterns) whose keys it reconciles (tiers 2 and 3); empty for all. */
    private List<String> allowedNamespaces = new ArrayList<>();
    /** Namespaces (patterns) whose keys it never reconciles; restricted wins over allowed. */
    private List<String> restrictedNamespaces = new ArrayList<>();

    public Integer getWorkers() {
      return workers;
    }

    public void setWorkers(Integer workers) {
      this.workers = workers;
    }

    public Duration getReconcileTimeout() {
      return reconcileTimeout;
    }

    public Duration getStuckThreshold() {
      return stuckThreshold;
    }

    public void setStuckThreshold(Duration stuckThreshold) {
      this.stuckThreshold = stuckThreshold;
    }

    public void setReconcileTimeout(Duration reconcileTimeout) {
      this.reconcileTimeout = reconcileTimeout;
    }

    public List<String> getAllowedNamespaces() {
      return allowedNamespaces;
    }

    public void setAllowedNamespaces(List<String> allowedNamespaces) {
      this.allowedNamespaces = allowedNamespaces;
    }

    public List<String> getRestrictedNamespaces() {
      return restrictedNamespaces;
    }

    public void setRestrictedNamespaces(List<String> restrictedNamespaces) {
      this.restrictedNamespaces = restrictedNamespaces;
    }
  }

  /** The Kubernetes backend: fabric8's configuration. */
  public static class KubernetesProperties {
    /** Whether to use Kubernetes (when informer4j-kubernetes is present and etcd is not enabled). */
    private boolean enabled = true;
    /** The kubeconfig file; unset for fabric8's automatic configuration (KUBECONFIG, ~/.kube/config, in-cluster). */
    private Path kubeconfig;
    /** The kubeconfig context; unset for its current context. */
    private String context;

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    public Path getKubeconfig() {
      return kubeconfig;
    }

    public void setKubeconfig(Path kubeconfig) {
      this.kubeconfig = kubeconfig;
    }

    public String getContext() {
      return context;
    }

    public void setContext(String context) {
      this.context = context;
    }
  }

  /** The etcd backend ({@code EtcdClients.Builder}). */
  public static class EtcdProperties {
    /** Whether to use etcd instead of Kubernetes. */
    private boolean enabled;
    /** etcd's client URLs, {@code http://} or {@code https://}. */
    private List<String> endpoints = new ArrayList<>(List.of("http://127.0.0.1:2379"));
    /** PEM file of the CA that signed etcd's server certificate (etcdctl's --cacert). */
    private Path trustedCa;
    /** PEM file of the client certificate (etcdctl's --cert); needs client-key. */
    private Path clientCertificate;
    /** PEM file of the client certificate's unencrypted PKCS#8 key (etcdctl's --key). */
    private Path clientKey;
    /** An etcd user to authenticate as; needs password. */
    private String user;
    /** The etcd user's password. */
    private String password;

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    public List<String> getEndpoints() {
      return endpoints;
    }

    public void setEndpoints(List<String> endpoints) {
      this.endpoints = endpoints;
    }

    public Path getTrustedCa() {
      return trustedCa;
    }

    public void setTrustedCa(Path trustedCa) {
      this.trustedCa = trustedCa;
    }

    public Path getClientCertificate() {
      return clientCertificate;
    }

    public void setClientCertificate(Path clientCertificate) {
      this.clientCertificate = clientCertificate;
    }

    public Path getClientKey() {
      return clientKey;
    }

    public void setClientKey(Path clientKey) {
      this.clientKey = clientKey;
    }

    public String getUser() {
      return user;
    }

    public void setUser(String user) {
      this.user = user;
    }

    public String getPassword() {
      return password;
    }

    public void setPassword(String password) {
      this.password = password;
    }
  }

  /** Leader election over the backend (a Kubernetes Lease, or an etcd election) with {@code LeaseTiming}. */
  public static class LeaderElectionProperties {
    /** Whether controllers run only while this replica leads. */
    private boolean enabled;
    /** The Lease's name (Kubernetes) or the election's key prefix (etcd). */
    private String name;
    /** The Lease's namespace (Kubernetes only). */
    private String namespace = "default";
    /** This replica's identity; unset for the HOSTNAME environment variable, else a random one. */
    private String identity;
    /** How long a lease lasts without renewal. */
    private Duration leaseDuration = Duration.ofSeconds(15);
    /** How long the leader keeps trying to renew before it gives up leading. */
    private Duration renewDeadline = Duration.ofSeconds(10);
    /** How often candidates try. */
    private Duration retryPeriod = Duration.ofSeconds(2);

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    public String getName() {
      return name;
    }

    public void setName(String name) {
      this.name = name;
    }

    public String getNamespace() {
      return namespace;
    }

    public void setNamespace(String namespace) {
      this.namespace = namespace;
    }

    public String getIdentity() {
      return identity;
    }

    public void setIdentity(String identity) {
      this.identity = identity;
    }

    public Duration getLeaseDuration() {
      return leaseDuration;
    }

    public void setLeaseDuration(Duration leaseDuration) {
      this.leaseDuration = leaseDuration;
    }

    public Duration getRenewDeadline() {
      return renewDeadline;
    }

    public void setRenewDeadline(Duration renewDeadline) {
      this.renewDeadline = renewDeadline;
    }

    public Duration getRetryPeriod() {
      return retryPeriod;
    }

    public void setRetryPeriod(Duration retryPeriod) {
      this.retryPeriod = retryPeriod;
    }
  }

  /** The actuator health contributors. */
  public static class HealthProperties {
    /** How long an informer may fail in a row, or its cache stand still, before readiness is DOWN. */
    private Duration readinessGrace = Duration.ofSeconds(60);

    public Duration getReadinessGrace() {
      return readinessGrace;
    }

    public void setReadinessGrace(Duration readinessGrace) {
      this.readinessGrace = readinessGrace;
    }
  }
}

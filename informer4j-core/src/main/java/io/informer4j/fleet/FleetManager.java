package io.informer4j.fleet;

import io.informer4j.coordination.ShardCoordinator;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.manager.Manager;
import io.informer4j.manager.ManagerStartException;
import io.informer4j.meta.ObjectType;
import io.informer4j.source.Backend;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One manager over a fleet of clusters, as multicluster-runtime's manager: its
 * {@link ClusterProvider} reports clusters, and each one it reports is engaged at runtime — its own
 * backend ({@link BackendConnector}), its own {@link Manager} (cache, controllers, queues, workers)
 * on the fleet's one {@link InformerRuntime} — and disengaged when it disappears, its manager
 * stopped, its backend closed and its meters removed. Controllers are declared once
 * ({@link #controller}) and run in every engaged cluster their predicate accepts; each request names
 * its cluster.
 *
 * <p><b>Isolation.</b> Each cluster has its own queues and worker threads, so a cluster that is
 * slow, unreachable or forbidden holds only its own workers; the fleet's runtime serves every
 * cluster's informers, with a bounded I/O pool (32 threads by default, {@link Builder#runtimeOptions})
 * of which a cluster that does not answer holds at most one per pending call. A cluster that fails
 * (it cannot connect, or its manager stops on a fatal cause) is reported failed and not ready; the
 * others go on.
 *
 * <p><b>Truth.</b> Every meter of a cluster carries a {@code cluster} tag; {@link #status()} and
 * {@link #readiness()} are per cluster; readiness counts each cluster as a component under the
 * fleet's {@link ReadinessPolicy}.
 *
 * <p><b>Replicas.</b> With {@link Builder#sharded}, the replicas of a fleet share its clusters over
 * a {@link ShardCoordinator}'s shards (Leases in the hub cluster): a cluster belongs to the shard of
 * its name, and each replica engages only the clusters of the shards it holds, disengages those it
 * loses, and engages those of a dead replica once its Leases expired and it acquired them. Its
 * controllers reconcile only while the shard is held (a replica cut off from the hub stops at its
 * renew deadline, before another can take over). With {@link Builder#warmStandby}, every replica
 * keeps every cluster engaged — caches synced, controllers idle — so a takeover reconciles from the
 * warm cache at once, without listing anything. See docs/MULTICLUSTER.md.
 *
 * <p>Thread-safe. Engaging and disengaging one cluster are serialized; different clusters engage
 * and disengage concurrently.
 */
public final class FleetManager implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(FleetManager.class);
  private static final String CLUSTER_TAG = "cluster";

  private enum State { NEW, RUNNING, STOPPED }

  private final InformerRuntime runtime;
  private final boolean ownsRuntime;
  private final ClusterProvider provider;
  private final CompositeMeterRegistry meterRegistry = new CompositeMeterRegistry();
  private final List<MeterRegistry> registries;
  private final Consumer<Manager.Builder> managerOptions;
  private final ReadinessPolicy readinessPolicy;
  private final Duration stopTimeout;
  private final ClusterSharding sharding;
  private final Map<String, ClusterDefinition> known = new ConcurrentHashMap<>();
  private final Map<String, FleetControllerBuilder.Spec<?>> controllers = new LinkedHashMap<>();
  private final Map<String, EngagedCluster> engaged = new ConcurrentHashMap<>();
  private final Map<String, String> failedToConnect = new ConcurrentHashMap<>();
  private final Map<String, Object> clusterLocks = new ConcurrentHashMap<>();
  private final Counter engagements;
  private final Counter disengagements;
  private final Counter connectFailures;
  private final Object lifecycle = new Object();
  private State state = State.NEW;

  private FleetManager(Builder b) {
    this.registries = List.copyOf(b.meterRegistries);
    registries.forEach(meterRegistry::add);
    this.ownsRuntime = b.runtime == null;
    this.runtime = ownsRuntime ? ownRuntime(b) : b.runtime;
    this.provider = b.provider;
    this.managerOptions = b.managerOptions;
    this.readinessPolicy = b.readinessPolicy;
    this.stopTimeout = b.stopTimeout;
    this.sharding = b.sharding == null ? null : new ClusterSharding(b.sharding, b.warmStandby);
    this.engagements = Counter.builder("informer4j_fleet_engagements_total").description("clusters engaged")
        .register(meterRegistry);
    this.disengagements = Counter.builder("informer4j_fleet_disengagements_total").description("clusters disengaged")
        .register(meterRegistry);
    this.connectFailures = Counter.builder("informer4j_fleet_connect_failures_total")
        .description("clusters whose backend could not be built").register(meterRegistry);
    Gauge.builder("informer4j_fleet_clusters_owned", this, fleet -> fleet.ownedClusters().size())
        .description("engaged clusters whose controllers reconcile on this replica").register(meterRegistry);
  }

  private static InformerRuntime ownRuntime(Builder b) {
    InformerRuntime.Builder builder = InformerRuntime.builder(b.name).ioThreads(32);
    b.runtimeOptions.accept(builder);
    return builder.build();
  }

  /** Starts configuring a fleet whose clusters {@code provider} reports. */
  public static Builder builder(ClusterProvider provider) {
    return new Builder(provider);
  }

  /**
   * Starts declaring a controller named {@code name} (unique within the fleet) whose primary type is
   * the type each cluster's backend gives for {@code javaClass} ({@link Backend#type(Class)}, for
   * example a fabric8 model class); see {@link FleetControllerBuilder}.
   */
  public <T> FleetControllerBuilder<T> controller(String name, Class<T> javaClass) {
    Objects.requireNonNull(javaClass, "javaClass");
    return controller(name, backend -> backend.type(javaClass));
  }

  /**
   * Starts declaring a controller named {@code name} (unique within the fleet) whose primary type is
   * what {@code primary} returns for each cluster's backend (for dynamic types:
   * {@code backend -> ((KubernetesBackend) backend).dynamic(key)}); see {@link FleetControllerBuilder}.
   */
  public <T> FleetControllerBuilder<T> controller(String name, Function<Backend, ObjectType<T>> primary) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(primary, "primary");
    if (name.isBlank()) {
      throw new IllegalArgumentException("a controller needs a name");
    }
    return new FleetControllerBuilder<>(this, name, primary);
  }

  void register(FleetControllerBuilder.Spec<?> spec) {
    synchronized (lifecycle) {
      if (state != State.NEW) {
        throw new IllegalStateException("controller '" + spec.name() + "' cannot be added: the fleet has started");
      }
      if (controllers.putIfAbsent(spec.name(), spec) != null) {
        throw new IllegalArgumentException("the fleet already has a controller named '" + spec.name() + "'");
      }
    }
  }

  /**
   * Starts the provider, which engages the clusters it knows (each cluster's manager starts at once;
   * its controllers' workers start when its caches synced), then, if sharded, the shard coordinator
   * on the fleet's runtime (clusters of the shards it gains are engaged on the runtime's I/O threads);
   * returns once the provider has reported its current clusters.
   *
   * @throws IllegalStateException if started before
   * @throws FleetStartException   if the provider or the coordinator cannot start (the fleet is then
   *     stopped)
   */
  public void start() {
    synchronized (lifecycle) {
      if (state != State.NEW) {
        throw new IllegalStateException("the fleet has already been started");
      }
      state = State.RUNNING;
    }
    try {
      provider.start(new Engagement(), runtime);
    } catch (Exception e) {
      close();
      throw new FleetStartException("the fleet's cluster provider failed to start: " + e, e);
    }
    if (sharding != null) {
      sharding.coordinator().addListener(new ShardFollower(this, sharding));
      try {
        sharding.coordinator().start(runtime);
      } catch (RuntimeException e) {
        close();
        throw new FleetStartException("the fleet's shard coordinator failed to start: " + e, e);
      }
    }
    log.info("fleet started: {} clusters engaged, {} controllers", engaged.size(), controllers.size());
  }

  private boolean running() {
    synchronized (lifecycle) {
      return state == State.RUNNING;
    }
  }

  /**
   * Engages {@code cluster}: connects, declares every controller that runs there, starts its
   * manager. A cluster of that name engaged already is disengaged first. Ignored unless running.
   */
  void engage(ClusterDefinition cluster) {
    synchronized (lockOf(cluster.name())) {
      engageLocked(cluster);
    }
  }

  private void engageLocked(ClusterDefinition cluster) {
    String name = cluster.name();
    if (!running()) {
      log.debug("fleet: cluster '{}' not engaged, the fleet is not running", name);
      return;
    }
    disengageLocked(name);
    Backend backend;
    try {
      backend = Objects.requireNonNull(cluster.connector().connect(), "the connector returned no backend");
    } catch (Exception e) {
      connectFailures.increment();
      failedToConnect.put(name, e.toString());
      log.warn("fleet: cluster '{}' could not be connected: {}", name, e.toString());
      return;
    }
    EngagedCluster engagedCluster = build(name, backend);
    engaged.put(name, engagedCluster);
    engagedCluster.manager().stopped().whenComplete((stopped, failure) -> {
      if (failure != null) {
        log.warn("fleet: cluster '{}' failed and stopped: {}", name, failure.toString());
      }
    });
    try {
      engagedCluster.manager().start();
    } catch (ManagerStartException e) {
      engaged.remove(name);
      connectFailures.increment();
      failedToConnect.put(name, e.getMessage());
      log.warn("fleet: cluster '{}' did not start: {}", name, e.getMessage());
      return;
    }
    engagements.increment();
    log.info("fleet: cluster '{}' engaged ({})", name, backend.description());
  }

  private EngagedCluster build(String name, Backend backend) {
    // a cluster that does not answer must not hold the provider's thread: its informers report it
    // (status, readiness) instead; options may still ask start() to wait
    Manager.Builder builder = Manager.builder(backend).name(name).stopTimeout(stopTimeout).startTimeout(Duration.ZERO);
    managerOptions.accept(builder);
    Manager manager = builder.runtime(runtime).meterRegistry(meterRegistry).build();
    // before any controller or informer registers a meter: every meter of the cluster is tagged
    manager.meterRegistry().config().commonTags(CLUSTER_TAG, name);
    EngagedCluster cluster = new EngagedCluster(name, backend, manager, manager.meterRegistry());
    List<FleetControllerBuilder.Spec<?>> specs;
    synchronized (lifecycle) {
      specs = List.copyOf(controllers.values());
    }
    specs.forEach(spec -> spec.declareIn(cluster, sharding));
    return cluster;
  }

  /** Disengages the cluster named {@code name}: stops its manager, closes its backend; unknown names are ignored. */
  void disengage(String name) {
    synchronized (lockOf(name)) {
      disengageLocked(name);
    }
  }

  private void disengageLocked(String name) {
    failedToConnect.remove(name);
    EngagedCluster cluster = engaged.remove(name);
    if (cluster == null) {
      return;
    }
    boolean ended;
    try {
      ended = cluster.stop(stopTimeout);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      ended = false;
    }
    removeMeters(name);
    disengagements.increment();
    log.info("fleet: cluster '{}' disengaged{}", name, ended ? "" : " (some parts did not end in time)");
  }

  /**
   * Brings a sharded fleet's cluster {@code name} to what it should be now: engaged if the provider
   * reports it and this replica owns it (or keeps it warm), disengaged otherwise; a {@code changed}
   * cluster that stays engaged is engaged anew with its new definition.
   */
  private void sync(String name, boolean changed) {
    synchronized (lockOf(name)) {
      ClusterDefinition definition = known.get(name);
      boolean wanted = definition != null && sharding.engages(name);
      boolean present = engaged.containsKey(name) || failedToConnect.containsKey(name);
      if (wanted && (changed || !engaged.containsKey(name))) {
        engageLocked(definition);
      } else if (!wanted && present) {
        disengageLocked(name);
      }
    }
  }

  /** Returns the names of the clusters the provider reports now (engaged or not). */
  Set<String> knownClusters() {
    return known.keySet();
  }

  /** Runs {@link #sync} for {@code name} on the runtime's I/O threads (not on the coordinator's). */
  void syncLater(String name) {
    try {
      runtime.io().execute(() -> sync(name, false));
    } catch (RejectedExecutionException e) {
      log.debug("fleet: cluster '{}' not synced, the runtime has stopped", name);
    }
  }

  private Object lockOf(String name) {
    return clusterLocks.computeIfAbsent(name, n -> new Object());
  }

  /** Removes the cluster's meters from the fleet's registry and every registry given to the fleet. */
  private void removeMeters(String name) {
    List<MeterRegistry> all = new ArrayList<>(registries);
    all.add(meterRegistry);
    for (MeterRegistry registry : all) {
      for (Meter meter : registry.getMeters()) {
        if (name.equals(meter.getId().getTag(CLUSTER_TAG))) {
          registry.remove(meter);
        }
      }
    }
  }

  /**
   * Returns the engaged cluster named {@code name}, if any: with warm standby, also a cluster this
   * replica does not own (its queue drops keys; check {@link #ownedClusters()} before writing to it).
   */
  public Optional<EngagedCluster> cluster(String name) {
    return Optional.ofNullable(engaged.get(name));
  }

  /** Returns every engaged cluster (not those that failed to connect; warm standby ones too), sorted by name. */
  public List<EngagedCluster> clusters() {
    return engaged.values().stream().sorted(Comparator.comparing(EngagedCluster::name)).toList();
  }

  /** Returns the names of the clusters engaged or failed to connect, sorted. */
  public List<String> clusterNames() {
    TreeMap<String, Boolean> names = new TreeMap<>();
    engaged.keySet().forEach(n -> names.put(n, true));
    failedToConnect.keySet().forEach(n -> names.put(n, true));
    return List.copyOf(names.keySet());
  }

  /**
   * Returns the engaged clusters whose controllers may reconcile now, sorted: every engaged cluster
   * unless the fleet is sharded; then those of the shards this replica holds (not those kept warm).
   */
  public List<String> ownedClusters() {
    return engaged.keySet().stream().filter(this::owns).sorted().toList();
  }

  private boolean owns(String name) {
    return sharding == null || sharding.owns(name);
  }

  /** Returns a snapshot of every cluster (engaged, or failed to connect), sorted by name. */
  public List<ClusterStatus> status() {
    List<ClusterStatus> all = new ArrayList<>();
    engaged.values().forEach(cluster -> all.add(cluster.status(owns(cluster.name()))));
    failedToConnect.forEach((name, failure) -> all.add(new ClusterStatus(name, false, owns(name), failure, 0,
        List.of())));
    all.sort(Comparator.comparing(ClusterStatus::cluster));
    return all;
  }

  /** Returns whether the fleet is ready under its policy, and which clusters are. */
  public FleetReadiness readiness() {
    List<String> ready = new ArrayList<>();
    List<String> notReady = new ArrayList<>();
    for (ClusterStatus cluster : status()) {
      (cluster.ready() ? ready : notReady).add(cluster.cluster());
    }
    boolean met = running() && readinessPolicy.isMet(ready.size(), ready.size() + notReady.size());
    return new FleetReadiness(met, readinessPolicy, ready, notReady);
  }

  /** Returns true while running and the readiness policy is met. */
  public boolean isReady() {
    return readiness().ready();
  }

  /** Returns the registry every cluster's meters (tagged {@code cluster}) and the fleet's own counters reach. */
  public CompositeMeterRegistry meterRegistry() {
    return meterRegistry;
  }

  /** Returns the runtime every cluster's informers, timers and workers run on. */
  public InformerRuntime runtime() {
    return runtime;
  }

  /** Disengages every cluster known now; an engage under way when the fleet stopped is caught by the next sweep. */
  private void disengageAll() {
    List<String> names = new ArrayList<>(engaged.keySet());
    names.addAll(failedToConnect.keySet());
    names.forEach(this::disengage);
  }

  /**
   * Closes the shard coordinator if sharded (its clusters' reconciles stop, its shards are
   * released for the other replicas), disengages every cluster, closes the provider (clusters it
   * reports from then on are ignored), then stops the runtime if the fleet created it; waits at most
   * the stop timeout per cluster. Idempotent.
   */
  @Override
  public void close() {
    synchronized (lifecycle) {
      if (state == State.STOPPED) {
        return;
      }
      state = State.STOPPED;
    }
    if (sharding != null) {
      sharding.coordinator().close();
    }
    disengageAll();
    provider.close();
    disengageAll();
    if (ownsRuntime) {
      try {
        if (!runtime.stop(stopTimeout)) {
          log.warn("fleet: some threads of the runtime did not end in time");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    log.info("fleet stopped");
  }

  /** Relays a provider's reports to the fleet; a sharded fleet engages only what it should. */
  private final class Engagement implements ClusterListener {
    @Override
    public void appeared(ClusterDefinition cluster) {
      changed(cluster);
    }

    @Override
    public void changed(ClusterDefinition cluster) {
      known.put(cluster.name(), cluster);
      if (sharding == null) {
        engage(cluster);
      } else {
        sync(cluster.name(), true);
      }
    }

    @Override
    public void disappeared(String name) {
      known.remove(name);
      disengage(name);
    }
  }

  /** Configures a {@link FleetManager}. Not thread-safe. */
  public static final class Builder {
    private final ClusterProvider provider;
    private String name = "fleet";
    private InformerRuntime runtime;
    private Consumer<InformerRuntime.Builder> runtimeOptions = options -> { };
    private final List<MeterRegistry> meterRegistries = new ArrayList<>();
    private Consumer<Manager.Builder> managerOptions = options -> { };
    private ReadinessPolicy readinessPolicy = ReadinessPolicy.ALL;
    private Duration stopTimeout = Duration.ofSeconds(30);
    private ShardCoordinator sharding;
    private boolean warmStandby;

    private Builder(ClusterProvider provider) {
      this.provider = Objects.requireNonNull(provider, "provider");
    }

    /** Names the fleet's runtime and its threads ({@code informer4j-<name>-…}; default {@code fleet}). */
    public Builder name(String name) {
      this.name = Objects.requireNonNull(name, "name");
      return this;
    }

    /** Runs on {@code runtime} (owned by the caller) instead of a runtime of the fleet's own. */
    public Builder runtime(InformerRuntime runtime) {
      this.runtime = Objects.requireNonNull(runtime, "runtime");
      return this;
    }

    /** Applies {@code options} to the runtime the fleet creates (thread pool sizes; 32 I/O threads by default). */
    public Builder runtimeOptions(Consumer<InformerRuntime.Builder> options) {
      this.runtimeOptions = Objects.requireNonNull(options, "options");
      return this;
    }

    /** Publishes every metric of the fleet and its clusters to {@code registry} too (it stays the caller's). */
    public Builder meterRegistry(MeterRegistry registry) {
      meterRegistries.add(Objects.requireNonNull(registry, "registry"));
      return this;
    }

    /**
     * Applies {@code options} to each cluster's {@link Manager} (cache options, informer options,
     * components); the fleet then sets the runtime and the meter registry.
     */
    public Builder managerOptions(Consumer<Manager.Builder> options) {
      this.managerOptions = Objects.requireNonNull(options, "options");
      return this;
    }

    /** Sets when the fleet counts as ready (default {@link ReadinessPolicy#ALL}). */
    public Builder readinessPolicy(ReadinessPolicy policy) {
      this.readinessPolicy = Objects.requireNonNull(policy, "policy");
      return this;
    }

    /** Sets how long disengaging one cluster, and stopping the runtime, may take (default 30 s). */
    public Builder stopTimeout(Duration timeout) {
      this.stopTimeout = Objects.requireNonNull(timeout, "timeout");
      return this;
    }

    /**
     * Shares the fleet's clusters among the replicas of {@code coordinator}'s group (for Kubernetes:
     * {@code KubernetesShardLeases} on the hub cluster): a cluster belongs to the shard of its name
     * ({@link io.informer4j.coordination.ShardHash#shardOf(String, int)}), and this replica engages
     * and reconciles only the clusters of the shards it holds. The fleet starts the coordinator on
     * its runtime after its provider, and closes it first when it stops (releasing the shards).
     * Every replica must use the same shard count; more shards than replicas spread the clusters
     * evenly.
     *
     * @throws IllegalStateException if the fleet is sharded already
     */
    public Builder sharded(ShardCoordinator coordinator) {
      Objects.requireNonNull(coordinator, "coordinator");
      if (sharding != null) {
        throw new IllegalStateException("the fleet is sharded already");
      }
      this.sharding = coordinator;
      return this;
    }

    /**
     * Keeps every cluster of a sharded fleet engaged, owned or not (off by default): the caches of
     * the clusters other replicas own stay synced while their controllers stay idle, so when this
     * replica takes a cluster over it reconciles every cached key at once, without listing the
     * cluster — as controller-runtime's {@code EnableWarmup}. It costs each replica the memory,
     * connections and watches of the whole fleet.
     */
    public Builder warmStandby(boolean enabled) {
      this.warmStandby = enabled;
      return this;
    }

    /**
     * Returns the fleet, not started.
     *
     * @throws IllegalStateException if warm standby is on but the fleet is not {@link #sharded}
     */
    public FleetManager build() {
      if (warmStandby && sharding == null) {
        throw new IllegalStateException("warm standby keeps the clusters of other replicas warm: the fleet must be "
            + "sharded(..) too");
      }
      return new FleetManager(this);
    }
  }
}

package io.informer4j.examples;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.informer4j.controller.Result;
import io.informer4j.fleet.ClusterProvider;
import io.informer4j.fleet.ClusterRequest;
import io.informer4j.fleet.EngagedCluster;
import io.informer4j.fleet.FleetManager;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.kubernetes.operator.ApplyOptions;
import io.informer4j.kubernetes.operator.OperatorWrites;
import io.informer4j.manager.ControllerBuilder;
import io.informer4j.manager.Manager;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.ObjectKey;
import io.informer4j.reader.CacheOptions;
import io.informer4j.reader.CacheReader;
import io.informer4j.reader.ListOptions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A hub that copies its labelled ConfigMaps into every member cluster of a fleet and reports, per
 * cluster, in the hub's status ConfigMap {@value #STATUS}: one data key per member, such as
 * {@code "2/2 in sync"}, each written by its own field manager with server-side apply.
 *
 * <p>Two managers share nothing but the reconcile requests: the hub's manager watches the hub's
 * ConfigMaps labelled {@value #LABEL}{@code =true} in one namespace and, for each change (and every
 * 30 s, so a member engaged later catches up), queues the key in every member; the fleet runs the {@code copy} controller in every member (one queue and
 * worker per member, so a member that does not answer holds back only itself), which applies the
 * copy (or deletes it once the source is gone) and then writes that member's line of the report.
 *
 * <p>Thread-safe; {@link #close()} stops both.
 */
public final class FleetConfigMapSync implements AutoCloseable {

  /** The label that marks a hub ConfigMap for copying, and the copies. */
  public static final String LABEL = "fleet.informer4j.io/sync";
  /** The hub ConfigMap that reports per member cluster. */
  public static final String STATUS = "fleet-sync-status";
  private static final String COPY = "copy";
  /** How often every source is queued in every member again, so a member engaged later catches up. */
  private static final Duration RESYNC = Duration.ofSeconds(30);

  private final String namespace;
  private final OperatorWrites hubWrites;
  private final Manager hub;
  private final FleetManager fleet;
  private final CacheReader<ConfigMap> sources;
  /** Per member, the hub resourceVersion of each source it holds a copy of. */
  private final Map<String, Map<ObjectKey, String>> synced = new ConcurrentHashMap<>();
  /** Per member, the writes of its copy controller (recorded for read-your-writes, closed with its manager). */
  private final Map<String, OperatorWrites> memberWrites = new ConcurrentHashMap<>();

  private FleetConfigMapSync(KubernetesBackend hubBackend, String namespace, ClusterProvider members) {
    this.namespace = namespace;
    CacheOptions inNamespace = CacheOptions.builder().namespace(namespace).build();
    this.hub = Manager.builder(hubBackend).name("hub").cacheOptions(inNamespace).build();
    this.sources = hub.cache().reader(hubBackend.type(ConfigMap.class));
    this.fleet = FleetManager.builder(members).name("members").managerOptions(m -> m.cacheOptions(inNamespace))
        .build();
    fleet.controller(COPY, ConfigMap.class)
        .options((controller, member) -> memberWrites.put(member.name(),
            OperatorWrites.builder(((KubernetesBackend) member.backend()).client()).forController(controller).build()))
        .reconcile(this::copy);
    ControllerBuilder<ConfigMap> sourcesController = hub.controller("sources", hubBackend.type(ConfigMap.class));
    // the status ConfigMap is one of the sources controller's objects: its writes are recorded as that
    // controller's own (read-your-writes), and the hub's manager closes them
    this.hubWrites = OperatorWrites.builder(hubBackend.client()).forController(sourcesController).build();
    sourcesController.resyncPeriod(RESYNC).reconcile(key -> {
      if (!key.name().equals(STATUS)) {
        fleet.clusters().forEach(member -> member.enqueue(COPY, key));
      }
      return Result.done();
    });
  }

  /**
   * Starts syncing the labelled ConfigMaps of {@code namespace} in {@code hub} into every cluster
   * {@code members} reports; returns at once, running.
   */
  public static FleetConfigMapSync start(KubernetesBackend hub, String namespace, ClusterProvider members) {
    FleetConfigMapSync sync = new FleetConfigMapSync(Objects.requireNonNull(hub, "hub"),
        Objects.requireNonNull(namespace, "namespace"), Objects.requireNonNull(members, "members"));
    sync.fleet.start();
    sync.hub.start();
    return sync;
  }

  /** Returns the fleet of members, for its status and readiness. */
  public FleetManager fleet() {
    return fleet;
  }

  /** Makes the member's copy of the source {@code request.key()} match it, then reports the member. */
  private Result copy(ClusterRequest request, EngagedCluster member) {
    OperatorWrites writes = memberWrites.get(member.name());
    Map<ObjectKey, String> held = synced.computeIfAbsent(request.cluster(), c -> new ConcurrentHashMap<>());
    Optional<ConfigMap> source = sources.find(request.key()).filter(FleetConfigMapSync::labelled);
    if (source.isPresent()) {
      ConfigMap copy = new ConfigMapBuilder().withNewMetadata().withNamespace(namespace)
          .withName(request.key().name()).addToLabels(LABEL, "true").endMetadata()
          .withData(source.get().getData()).build();
      writes.apply(copy, ApplyOptions.as("fleet-sync").forcingConflicts());
      held.put(request.key(), source.get().getMetadata().getResourceVersion());
    } else if (held.remove(request.key()) != null) {
      writes.delete(new ConfigMapBuilder().withNewMetadata().withNamespace(namespace).withName(request.key().name())
          .endMetadata().build());
    }
    report(request.cluster(), held);
    return Result.done();
  }

  /** Writes the member's line of the hub's status ConfigMap (its own field manager owns that key). */
  private void report(String member, Map<ObjectKey, String> held) {
    List<ConfigMap> all = sources.list(ListOptions.inNamespace(namespace)
        .withLabels(LabelSelector.matchingLabels(Map.of(LABEL, "true")))).items();
    long inSync = all.stream().filter(s -> s.getMetadata().getResourceVersion()
        .equals(held.get(ObjectKey.of(namespace, s.getMetadata().getName())))).count();
    ConfigMap line = new ConfigMapBuilder().withNewMetadata().withNamespace(namespace).withName(STATUS).endMetadata()
        .addToData(member, inSync + "/" + all.size() + " in sync").build();
    hubWrites.apply(line, ApplyOptions.as("fleet-sync-" + member).forcingConflicts());
  }

  private static boolean labelled(ConfigMap configMap) {
    Map<String, String> labels = configMap.getMetadata().getLabels();
    return labels != null && "true".equals(labels.get(LABEL));
  }

  /** Stops the fleet (every member), then the hub's manager. */
  @Override
  public void close() {
    fleet.close();
    hub.close();
  }
}

package io.informer4j.fleet;

import io.informer4j.manager.ControllerBuilder;
import io.informer4j.meta.ObjectType;
import io.informer4j.source.Backend;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Declares a controller of a {@link FleetManager} once; the fleet runs one instance of it in every
 * engaged cluster that {@link #clusters} accepts (all by default), each with its own queue and
 * workers. Not thread-safe.
 *
 * @param <T> the primary type's objects
 */
public final class FleetControllerBuilder<T> {

  /** A declared fleet controller. */
  record Spec<T>(String name, Function<Backend, ObjectType<T>> primary, Predicate<String> clusters,
                 BiConsumer<ControllerBuilder<T>, EngagedCluster> options, ClusterReconciler reconciler) {

    /**
     * Declares this controller in {@code cluster}'s manager, if it runs there; with {@code sharding}
     * (null when the fleet is not sharded) it works only while the replica owns the cluster.
     */
    void declareIn(EngagedCluster cluster, ClusterSharding sharding) {
      if (!clusters.test(cluster.name())) {
        return;
      }
      ControllerBuilder<T> builder = cluster.manager().controller(name, primary.apply(cluster.backend()));
      options.accept(builder, cluster);
      if (sharding != null) {
        sharding.gate(builder, cluster.name());
      }
      cluster.declared(name, builder.reconcile(key -> reconciler.reconcile(new ClusterRequest(cluster.name(), key),
          cluster)));
    }
  }

  private final FleetManager fleet;
  private final String name;
  private final Function<Backend, ObjectType<T>> primary;
  private Predicate<String> clusters = cluster -> true;
  private BiConsumer<ControllerBuilder<T>, EngagedCluster> options = (builder, cluster) -> { };

  FleetControllerBuilder(FleetManager fleet, String name, Function<Backend, ObjectType<T>> primary) {
    this.fleet = fleet;
    this.name = name;
    this.primary = primary;
  }

  /** Runs the controller only in the clusters whose name {@code which} accepts. */
  public FleetControllerBuilder<T> clusters(Predicate<String> which) {
    this.clusters = Objects.requireNonNull(which, "which");
    return this;
  }

  /**
   * Configures each cluster's instance of the controller: watches, predicates, workers, resync, as
   * on a {@link io.informer4j.manager.Manager}'s controller; called once per engaged cluster with
   * that cluster (whose backend gives the watched types: {@code cluster.backend().type(Secret.class)}).
   */
  public FleetControllerBuilder<T> options(BiConsumer<ControllerBuilder<T>, EngagedCluster> options) {
    this.options = Objects.requireNonNull(options, "options");
    return this;
  }

  /**
   * Completes the controller with {@code reconciler} and registers it with the fleet.
   *
   * @throws IllegalArgumentException if the fleet has a controller of that name
   * @throws IllegalStateException    if the fleet has started
   */
  public void reconcile(ClusterReconciler reconciler) {
    fleet.register(new Spec<>(name, primary, clusters, options, Objects.requireNonNull(reconciler, "reconciler")));
  }
}

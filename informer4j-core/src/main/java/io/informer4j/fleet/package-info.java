/**
 * One manager over a fleet of clusters: a {@link io.informer4j.fleet.ClusterProvider} reports
 * clusters appearing, changing and disappearing; a {@link io.informer4j.fleet.FleetManager} engages
 * each one (its own backend, cache, controllers, queues and workers, all on the fleet's one
 * {@link io.informer4j.informer.InformerRuntime}) and disengages it at runtime, leaving no thread.
 * Controllers are declared once ({@link io.informer4j.fleet.FleetControllerBuilder}) and run for
 * every cluster or a chosen subset; each request names its cluster
 * ({@link io.informer4j.fleet.ClusterRequest}). Status, readiness and metrics are per cluster.
 */
package io.informer4j.fleet;

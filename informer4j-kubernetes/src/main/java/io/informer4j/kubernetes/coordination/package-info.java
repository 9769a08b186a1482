/**
 * Leader election and sharding on Kubernetes {@code coordination.k8s.io/v1} Leases, through
 * fabric8's {@code LeaderElector} and lease lock: implementations of
 * {@link io.informer4j.coordination.LeaderElection} and {@link io.informer4j.coordination.ShardLeases}.
 * Thread-safe; lease writes use optimistic concurrency, and a lost race is a normal outcome, not an
 * error.
 */
package io.informer4j.kubernetes.coordination;

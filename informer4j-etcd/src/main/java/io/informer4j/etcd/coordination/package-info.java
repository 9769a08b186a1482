/**
 * Leader election and sharding on etcd leases, through jetcd's lease and election APIs:
 * implementations of {@link io.informer4j.coordination.LeaderElection} and
 * {@link io.informer4j.coordination.ShardLeases}. Thread-safe; every lease is kept alive by its
 * session and trusted only until its renew deadline.
 */
package io.informer4j.etcd.coordination;

/**
 * Leader election and sharding across replicas, over the coordination engine a backend already
 * has (Kubernetes Leases, etcd leases): {@link io.informer4j.coordination.Leadership} and
 * {@link io.informer4j.coordination.ShardOwnership} are the gates and key filters of controllers
 * ({@code Manager.builder(..).leaderElection(..)}, {@code ControllerBuilder.sharded(..)});
 * {@link io.informer4j.coordination.LeaderElection} and {@link io.informer4j.coordination.ShardLeases}
 * are what a backend implements; {@link io.informer4j.coordination.ShardCoordinator} shares the
 * shards. Every lease is trusted locally only until its renew deadline. All public classes are
 * thread-safe; listeners are called on the backend's or coordinator's thread and must be quick.
 * Package-private classes (the balancing plan, the transition log) are not API.
 */
package io.informer4j.coordination;

/**
 * Backend-independent scenarios for leader election and sharding: several replicas over one
 * coordination backend, with a log of every reconcile, used by each backend's tests to show that
 * at most one replica leads and that no shard is worked on by two replicas at once. Scenarios and
 * replicas are not thread-safe (drive and close them from the test's thread); the reconcile log
 * is thread-safe.
 */
package io.informer4j.testkit.coordination;

/**
 * Benchmarks of the etcd backend against a real etcd: first sync and watch throughput. Measurement code, not API.
 */
package io.informer4j.benchmarks.etcd;

/**
 * Measurements of sharding on the Kubernetes and etcd coordination backends: rebalancing and throughput. Measurement code, not API.
 */
package io.informer4j.benchmarks.sharding;

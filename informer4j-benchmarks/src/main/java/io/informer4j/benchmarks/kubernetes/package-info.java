/**
 * Benchmarks and probes of the Kubernetes backend: list decoding, watch stream decoding, and sync time and memory compared with fabric8 and the official Kubernetes Java client. Measurement code, not API.
 */
package io.informer4j.benchmarks.kubernetes;

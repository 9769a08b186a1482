/**
 * Benchmarks of informer ingest and handler notification, and the rigs that compare informer4j with the official Kubernetes Java client, including their thread usage. Measurement code, not API.
 */
package io.informer4j.benchmarks.informer;

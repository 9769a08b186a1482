/**
 * Benchmarks of the work queues: throughput and delayed adds. Measurement code, not API.
 */
package io.informer4j.benchmarks.queue;

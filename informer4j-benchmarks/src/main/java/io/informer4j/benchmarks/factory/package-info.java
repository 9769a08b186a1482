/**
 * Benchmarks of the shared informer factory's event routing to per-type queues. Measurement code, not API.
 */
package io.informer4j.benchmarks.factory;

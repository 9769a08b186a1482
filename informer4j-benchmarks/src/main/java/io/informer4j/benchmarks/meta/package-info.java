/**
 * Benchmarks of namespace matching. Measurement code, not API.
 */
package io.informer4j.benchmarks.meta;

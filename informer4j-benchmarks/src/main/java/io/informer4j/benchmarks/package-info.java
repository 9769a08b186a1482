/**
 * JMH benchmarks and measurement programs of informer4j, reported in docs/PERFORMANCE.md, with shared helpers for waiting on sync rounds. Measurement code, not API.
 */
package io.informer4j.benchmarks;

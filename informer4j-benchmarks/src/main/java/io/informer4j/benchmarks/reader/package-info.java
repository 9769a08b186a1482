/**
 * Benchmarks of cache reads through the cache reader. Measurement code, not API.
 */
package io.informer4j.benchmarks.reader;

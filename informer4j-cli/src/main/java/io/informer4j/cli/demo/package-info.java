/**
 * The workload of {@code informer4j demo}: a simulated API with several types and namespaces,
 * changed at a steady rate by a churn that is deterministic for its seed. Not API.
 */
package io.informer4j.cli.demo;

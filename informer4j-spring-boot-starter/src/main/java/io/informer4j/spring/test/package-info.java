/**
 * Spring test support: {@link io.informer4j.spring.test.AutoConfigureKubernetesTestServer} runs a
 * Kubernetes test server for a test's application context and points the starter at it, with no
 * wiring in the test. Needs {@code spring-test} and {@code informer4j-kubernetes-testserver} on the
 * test class path (both optional dependencies of the starter).
 */
package io.informer4j.spring.test;

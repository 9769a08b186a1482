/**
 * An in-process Kubernetes API server for tests: {@link io.informer4j.kubernetes.testserver.KubernetesTestServer}
 * speaks the HTTP protocol (lists with paging and resourceVersions, watches with bookmarks and
 * watch-list, 410 after compaction, patches, CRDs, garbage collection) over a
 * {@link io.informer4j.testkit.SimulatedApi}, and {@link io.informer4j.kubernetes.testserver.EnableKubernetesTestServer}
 * starts one per test class with JUnit 5. A server is thread-safe and serves on loopback only.
 * Package-private classes are the server's implementation, not API.
 */
package io.informer4j.kubernetes.testserver;

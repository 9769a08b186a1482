/**
 * A Kubernetes API server for tests: {@link io.informer4j.kubernetes.testserver.KubernetesTestServer}
 * speaks the HTTP protocol (lists with paging and resourceVersions, watches with bookmarks and
 * watch-list, 410 after compaction, patches and server-side apply with managed fields, CRDs, garbage
 * collection) over a {@link io.informer4j.testkit.SimulatedApi};
 * {@link io.informer4j.kubernetes.testserver.EnableKubernetesTestServer} starts one per test class
 * with JUnit 5, in the test's JVM or as a process
 * ({@link io.informer4j.kubernetes.testserver.TestServerProcess},
 * {@link io.informer4j.kubernetes.testserver.TestServerCommand}). A server is thread-safe and serves
 * on loopback unless told otherwise ({@link io.informer4j.kubernetes.testserver.Listening}).
 * Package-private classes are the server's implementation, not API.
 */
package io.informer4j.kubernetes.testserver;

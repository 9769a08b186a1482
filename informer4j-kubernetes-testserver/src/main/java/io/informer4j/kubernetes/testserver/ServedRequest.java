package io.informer4j.kubernetes.testserver;

/**
 * An HTTP request the {@link KubernetesTestServer} received, recorded before it was answered (so
 * refused requests are recorded too), for tests that count what a client sent.
 *
 * @param method the HTTP method, for example {@code PUT}
 * @param path   the path without the query, for example {@code /api/v1/namespaces/shop/configmaps/a/status}
 * @param query  the query string, {@code ""} when none
 */
public record ServedRequest(String method, String path, String query) {

  /** Returns true for a request that may change objects: anything but GET, HEAD and OPTIONS. */
  public boolean isWrite() {
    return !method.equals("GET") && !method.equals("HEAD") && !method.equals("OPTIONS");
  }
}

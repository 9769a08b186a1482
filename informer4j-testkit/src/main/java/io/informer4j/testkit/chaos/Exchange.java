package io.informer4j.testkit.chaos;

import java.util.concurrent.CompletableFuture;

/**
 * One request on a proxied HTTP connection and what happens to its response.
 *
 * @param request    the request
 * @param answer     the proxy's own answer; null when the request was forwarded
 * @param cut        where the response body ends early; null for the whole body
 * @param head       whether it was a HEAD request (its response has no body)
 * @param closeAfter whether the client asked to close the connection after the response
 * @param upgraded   completed with whether the server switched protocols (101) in its response
 */
record Exchange(ProxiedRequest request, CannedResponse answer, FaultPlan.ResponseCut cut, boolean head,
                boolean closeAfter, CompletableFuture<Boolean> upgraded) {

  /** A request answered by the proxy. */
  static Exchange answered(ProxiedRequest request, CannedResponse answer, boolean closeAfter) {
    return new Exchange(request, answer, null, false, closeAfter, CompletableFuture.completedFuture(false));
  }

  /** A request forwarded to the server. */
  static Exchange forwarded(ProxiedRequest request, FaultPlan.ResponseCut cut, boolean closeAfter) {
    return new Exchange(request, null, cut, "HEAD".equals(request.method()), closeAfter, new CompletableFuture<>());
  }
}

package io.informer4j.kubernetes;

/** How a watch reaches the API server. */
public enum WatchTransport {
  /**
   * {@code GET …?watch=true} with a chunked response body of event objects, as client-go watches.
   * The default.
   */
  HTTP_STREAM,
  /**
   * A WebSocket with one event per message, as fabric8 watches; needed for servers that only serve
   * watches that way (fabric8's mock server).
   */
  WEBSOCKET
}

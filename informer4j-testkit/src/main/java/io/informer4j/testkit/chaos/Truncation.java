package io.informer4j.testkit.chaos;

/** How {@link FaultProxy} ends a response body in its middle. */
public enum Truncation {

  /** Closes the connection without ending the body: the client sees the connection fail. */
  RESET,

  /**
   * Ends a chunked body properly (its last, empty chunk) in the middle of its content, then closes
   * the connection: the client sees a complete HTTP response whose content is cut short, such as a
   * list whose JSON never closes. A body with a Content-Length cannot end early this way; it is
   * {@linkplain #RESET reset} instead.
   */
  CLEAN_END
}

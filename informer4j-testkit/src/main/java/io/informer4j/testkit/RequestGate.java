package io.informer4j.testkit;

import io.informer4j.source.TransientSourceException;

/**
 * What every list and watch passes before the API reads anything: it is recorded, refused once the
 * API is closed, and then subjected to the injected faults.
 *
 * <p>Thread-safe.
 */
final class RequestGate {

  private final RequestLog log;
  private final FaultInjector faults;
  private volatile boolean closed;

  RequestGate(RequestLog log, FaultInjector faults) {
    this.log = log;
    this.faults = faults;
  }

  /**
   * Records and admits a request.
   *
   * @throws io.informer4j.source.SourceException when the API is closed or a fault applies
   */
  void admit(RecordedRequest request) {
    log.record(request);
    if (closed) {
      throw new TransientSourceException("the simulated API is closed", TransientSourceException.Reason.CONNECTION_REFUSED);
    }
    faults.apply(request);
  }

  /** Refuses every request from now on. */
  void close() {
    closed = true;
  }
}

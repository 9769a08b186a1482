package io.informer4j.kubernetes.testserver;

/** A request the server refuses with {@link #failure()}, the answer the API server gives. */
class RejectedRequest extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient Statuses.Failure failure;

  RejectedRequest(Statuses.Failure failure) {
    super(String.valueOf(failure.status().get("message")), null, false, false);
    this.failure = failure;
  }

  Statuses.Failure failure() {
    return failure;
  }
}

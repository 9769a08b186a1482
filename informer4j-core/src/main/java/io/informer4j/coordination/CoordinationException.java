package io.informer4j.coordination;

/**
 * A coordination backend (Kubernetes Leases, etcd leases) could not be read or written: the server
 * is unreachable, timed out or refused the request. A lost optimistic-concurrency race is not an
 * exception; operations report it as "not held".
 */
public class CoordinationException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message naming the lease and what failed, and the cause. */
  public CoordinationException(String message, Throwable cause) {
    super(message, cause);
  }
}

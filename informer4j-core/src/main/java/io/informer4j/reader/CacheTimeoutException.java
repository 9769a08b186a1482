package io.informer4j.reader;

import io.informer4j.meta.ObjectType;

/**
 * The caller's deadline passed (or its thread was interrupted; the interrupt flag is then set again)
 * while waiting for an informer to be created or to sync (Kubernetes' 504 Timeout). Distinct from
 * {@link NotFoundException}: the object may well exist.
 */
public final class CacheTimeoutException extends CacheException {
  private static final long serialVersionUID = 1L;

  /**
   * @param type  the type waited for
   * @param what  what was awaited: {@code "sync"} or {@code "be created"}
   * @param cause an {@link InterruptedException} when interrupted, else null
   */
  public CacheTimeoutException(ObjectType<?> type, String what, Throwable cause) {
    super(type.key(), "Timeout: failed waiting for " + type + " Informer to " + what, cause);
  }
}

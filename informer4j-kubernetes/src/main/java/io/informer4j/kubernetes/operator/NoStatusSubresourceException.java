package io.informer4j.kubernetes.operator;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;

/**
 * A status write answered 404 for an object that exists: the resource has no {@code /status}
 * subresource (a CustomResourceDefinition without {@code subresources.status}, or a kind such as
 * ConfigMap that has none). Write the status with a plain update instead, or declare the subresource.
 */
public class NoStatusSubresourceException extends ApiWriteException {

  private static final long serialVersionUID = 1L;

  /** See {@link ApiWriteException#ApiWriteException}; the status code is 404. */
  public NoStatusSubresourceException(TypeKey type, ObjectKey key, String message, Throwable cause) {
    super(type, key, 404, "NotFound", message, cause);
  }
}

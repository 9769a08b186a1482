package io.informer4j.manager;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import java.util.Objects;

/**
 * One write a controller made, as the server acknowledged it: the object's type and key, and the
 * resourceVersion the server returned (of a create, update, patch, status update or finalizer
 * change). Code that writes for a controller reports each write as one of these, for example through
 * a {@code Consumer<WrittenObject>} bound to {@code ownWrites::record}.
 *
 * @param type            the written object's type
 * @param key             the written object's key
 * @param resourceVersion the version the server returned for the write
 */
public record WrittenObject(TypeKey type, ObjectKey key, String resourceVersion) {

  /** @throws NullPointerException if a part is null */
  public WrittenObject {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(resourceVersion, "resourceVersion");
  }
}

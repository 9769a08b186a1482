package io.informer4j.queue;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import java.util.Objects;

/**
 * The work item the shared informer factory routes to per-type queues: which object of which type
 * changed. Queues de-duplicate by value, so all events for one object collapse into one item while
 * it waits. Immutable and thread-safe.
 *
 * @param type the object's type
 * @param key  the object's namespace and name
 */
public record QueueItem(TypeKey type, ObjectKey key) {

  /** @throws NullPointerException if a component is null */
  public QueueItem {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(key, "key");
  }

  /** Returns {@code "<key> (<type>)"}, for example {@code "default/web (apps/v1, Kind=Deployment)"}. */
  @Override
  public String toString() {
    return key + " (" + type + ")";
  }
}

package io.informer4j.queue;

import io.informer4j.meta.TypeKey;

/**
 * Thrown by {@link QueueRegistry#shutdownQueue(TypeKey)} for a type that has no registered queue.
 * The message is {@code "queue not found for <type>"}, with the type in Go's text form.
 */
public final class QueueNotFoundException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final transient TypeKey type;

  /** @param type the type that has no queue */
  public QueueNotFoundException(TypeKey type) {
    super("queue not found for " + type);
    this.type = type;
  }

  /** Returns the type that has no queue. */
  public TypeKey type() {
    return type;
  }
}

package io.informer4j.testkit.chaos;

import io.informer4j.informer.EventHandler;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A handler that keeps its own picture of the objects from its notifications alone (key → last
 * resourceVersion: adds and updates set it, deletes and tombstones remove it) and logs every
 * notification, so a chaos test can compare the picture with the server and check each delete
 * ({@link Divergence}). Thread-safe.
 *
 * @param <T> the object type
 */
public final class HandlerView<T> implements EventHandler<T> {

  /**
   * One notification.
   *
   * @param kind    what it was
   * @param key     the object's key ({@code ns/name} or {@code name})
   * @param version the resourceVersion it carried (for a delete, the last state's)
   */
  public record Notification(Kind kind, String key, String version) {
  }

  /** The kinds of notification. */
  public enum Kind {
    /** An add (initial or not). */
    ADD,
    /** An update. */
    UPDATE,
    /** A delete, or a tombstone. */
    DELETE
  }

  private final ObjectAdapter<T> adapter;
  private final Map<String, String> view = new TreeMap<>();
  private final List<Notification> log = new ArrayList<>();

  /** Reads identities and versions with {@code adapter}. */
  public HandlerView(ObjectAdapter<T> adapter) {
    this.adapter = Objects.requireNonNull(adapter, "adapter");
  }

  @Override
  public synchronized void onAdd(T object, boolean inInitialList) {
    record(Kind.ADD, object);
  }

  @Override
  public synchronized void onUpdate(T oldObject, T newObject) {
    record(Kind.UPDATE, newObject);
  }

  @Override
  public synchronized void onDelete(T lastState, boolean finalStateUnknown) {
    record(Kind.DELETE, lastState);
  }

  /** Returns the picture, key → resourceVersion, sorted by key. */
  public synchronized Map<String, String> view() {
    return new TreeMap<>(view);
  }

  /** Returns every notification so far, in order. */
  public synchronized List<Notification> log() {
    return List.copyOf(log);
  }

  private void record(Kind kind, T object) {
    String key = ObjectKey.keyOf(adapter.namespace(object), adapter.name(object));
    String version = adapter.resourceVersion(object);
    if (kind == Kind.DELETE) {
      view.remove(key);
    } else {
      view.put(key, version);
    }
    log.add(new Notification(kind, key, version));
  }
}

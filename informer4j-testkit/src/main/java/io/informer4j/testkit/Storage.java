package io.informer4j.testkit;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.Selection;
import io.informer4j.source.TypeNotFoundException;
import io.informer4j.source.WatchEventType;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The versioned store behind a {@link SimulatedApi}, with etcd's model: one global revision that
 * every write of every type increments, multi-version keys, and a history window of recent writes.
 * Each write is sent to the open watches of its type while the write lock is held, so every watch
 * sees writes in revision order.
 *
 * <p>Thread-safe: writes, installs and compaction take the write lock; reads take the read lock.
 * A write is O(log n) in the objects of its type plus O(w) in its open watches.
 */
final class Storage {

  private static final long FIRST_REVISION = 1;
  /** A fixed random-looking prefix with the version-4 nibble, so uids look like Kubernetes ones. */
  private static final long UID_HIGH_BITS = 0x5eed_1e55_0000_4000L;
  private static final long UID_VARIANT_BITS = 0x8000_0000_0000_0000L;

  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private final Map<TypeKey, TypeStore> types = new ConcurrentHashMap<>();
  private final History history;
  private volatile long revision = FIRST_REVISION;

  /** @param historyLimit how many writes the history window holds */
  Storage(int historyLimit) {
    this.history = new History(historyLimit);
  }

  /** Runs {@code action} under the read lock: no write happens meanwhile. */
  <R> R read(Supplier<R> action) {
    return locked(lock.readLock(), action);
  }

  /** Runs {@code action} under the write lock. */
  <R> R write(Supplier<R> action) {
    return locked(lock.writeLock(), action);
  }

  private static <R> R locked(Lock held, Supplier<R> action) {
    held.lock();
    try {
      return action.get();
    } finally {
      held.unlock();
    }
  }

  /** Returns the current revision: the version of the last write, or 1 before any. */
  long revision() {
    return revision;
  }

  /** Returns the newest revision whose history is gone. Call under a lock. */
  long compactedRevision() {
    return history.compactedRevision();
  }

  /**
   * Returns the oldest revision a list of the type can be read at: nothing before the compaction
   * or the type's installation is kept. Call under a lock.
   */
  long oldestReadable(TypeStore store) {
    return Math.max(history.compactedRevision(), store.installedAt());
  }

  /** Returns the installed type's store. Call under a lock. @throws TypeNotFoundException if none */
  TypeStore requireType(TypeKey type) {
    TypeStore store = types.get(type);
    if (store == null) {
      throw new TypeNotFoundException("the server could not find the requested resource: " + type + " is not installed");
    }
    return store;
  }

  /** Returns true when {@code type} is installed. */
  boolean isInstalled(TypeKey type) {
    return types.containsKey(type);
  }

  /** Returns the installed types' stores; a live concurrent view. */
  Collection<TypeStore> stores() {
    return types.values();
  }

  /** Calls {@code action} for the retained writes of {@code type} after {@code after}. Call under a lock. */
  void forEachChangeAfter(long after, TypeKey type, Consumer<ChangeRecord> action) {
    history.forEachAfter(after, change -> {
      if (change.type().equals(type)) {
        action.accept(change);
      }
    });
  }

  /**
   * Installs a type; installing it again with the same scope does nothing.
   *
   * @return true when the type was not installed before
   * @throws IllegalArgumentException if it is installed with another scope
   */
  boolean install(TypeKey type, Scope scope, Set<String> selectableFields) {
    return write(() -> {
      TypeStore existing = types.get(type);
      if (existing != null && existing.scope() != scope) {
        throw new IllegalArgumentException(type + " is already installed as " + existing.scope());
      }
      if (existing == null) {
        types.put(type, new TypeStore(type, scope, selectableFields, revision));
      }
      return existing == null;
    });
  }

  /** Returns the scope of an installed type, or empty when it is not installed. */
  Optional<Scope> scopeOf(TypeKey type) {
    return Optional.ofNullable(types.get(type)).map(TypeStore::scope);
  }

  /**
   * Uninstalls a type as Kubernetes deletes a CRD: every object is deleted (watches see DELETED),
   * then open watches end cleanly and the type is gone.
   *
   * @return false when it was not installed
   */
  boolean uninstall(TypeKey type) {
    return write(() -> {
      TypeStore store = types.get(type);
      if (store == null) {
        return false;
      }
      for (String key : store.liveKeys()) {
        remove(store, key);
      }
      store.watches().forEach(watch -> watch.endAfterPending(null));
      types.remove(type);
      return true;
    });
  }

  /** Creates an object. @throws WriteRejectedException if it exists */
  SimObject create(TypeKey type, SimObject object) {
    return write(() -> {
      TypeStore store = requireType(type);
      store.checkIdentity(object);
      SimObject current = latest(store, object.key());
      if (current != null) {
        throw new WriteRejectedException(type + " '" + object.key() + "' already exists", WriteRejectedException.Reason.ALREADY_EXISTS);
      }
      return put(store, object, null);
    });
  }

  /**
   * Updates an object; a non-empty resourceVersion or uid in {@code object} must be the stored one
   * (preconditions). An update that changes no data is a no-op, as in Kubernetes: no new version,
   * no event.
   *
   * @throws WriteRejectedException if it does not exist, or a precondition fails
   */
  SimObject update(TypeKey type, SimObject object) {
    return write(() -> {
      TypeStore store = requireType(type);
      store.checkIdentity(object);
      SimObject current = requireLatest(store, object.key());
      if (!object.resourceVersion().isEmpty() && !object.resourceVersion().equals(current.resourceVersion())) {
        throw new WriteRejectedException(type + " '" + object.key() + "' is at version " + current.resourceVersion()
            + ", not " + object.resourceVersion(), WriteRejectedException.Reason.CONFLICT);
      }
      if (!object.uid().isEmpty() && !object.uid().equals(current.uid())) {
        throw new WriteRejectedException(type + " '" + object.key() + "' has uid " + current.uid() + ", not "
            + object.uid(), WriteRejectedException.Reason.CONFLICT);
      }
      return put(store, object, current);
    });
  }

  /** Creates or updates an object, ignoring its uid and resourceVersion (like server-side apply). */
  SimObject upsert(TypeKey type, SimObject object) {
    return write(() -> {
      TypeStore store = requireType(type);
      store.checkIdentity(object);
      return put(store, object, latest(store, object.key()));
    });
  }

  /**
   * Deletes an object.
   *
   * @return its last state, carrying the deletion's resourceVersion (as watches see it)
   * @throws WriteRejectedException if it does not exist
   */
  SimObject delete(TypeKey type, String namespace, String name) {
    return write(() -> {
      TypeStore store = requireType(type);
      String key = ObjectKey.keyOf(namespace, name);
      requireLatest(store, key);
      return remove(store, key);
    });
  }

  /** Returns the current state of an object. @throws TypeNotFoundException if the type is not installed */
  Optional<SimObject> get(TypeKey type, String namespace, String name) {
    return read(() -> Optional.ofNullable(latest(requireType(type), ObjectKey.keyOf(namespace, name))));
  }

  /** Returns every current object of a type by key, in key order. */
  Map<String, SimObject> snapshot(TypeKey type) {
    List<SimObject> items = read(() -> requireType(type).read(new SelectionFilter(Selection.all()), revision, null, 0, false).items());
    Map<String, SimObject> byKey = new LinkedHashMap<>(items.size() * 4 / 3 + 1);
    items.forEach(item -> byKey.put(item.key(), item));
    return Collections.unmodifiableMap(byKey);
  }

  /** Drops all history up to now: watches, continue tokens and exact lists before now expire. */
  void compact() {
    write(() -> {
      history.compactTo(revision, change -> change.store().forget(change));
      return null;
    });
  }

  private SimObject latest(TypeStore store, String key) {
    VersionChain chain = store.chain(key);
    return chain == null ? null : chain.latest();
  }

  private SimObject requireLatest(TypeStore store, String key) {
    SimObject current = latest(store, key);
    if (current == null) {
      throw new WriteRejectedException(store.type() + " '" + key + "' not found", WriteRejectedException.Reason.NOT_FOUND);
    }
    return current;
  }

  private SimObject put(TypeStore store, SimObject object, SimObject current) {
    if (current != null && current.hasSameData(object)) {
      return current;
    }
    long next = revision + 1;
    String uid = current != null ? current.uid() : uidOf(next);
    SimObject stored = new SimObject(object.namespace(), object.name(), uid, Long.toString(next), object.labels(),
        object.annotations(), object.content());
    record(store, stored.key(), next, current == null ? WatchEventType.ADDED : WatchEventType.MODIFIED, stored, current);
    return stored;
  }

  /** Returns a uid in the UUID text form, unique per creation and deterministic. */
  private static String uidOf(long creationRevision) {
    return new UUID(UID_HIGH_BITS, UID_VARIANT_BITS | creationRevision).toString();
  }

  private SimObject remove(TypeStore store, String key) {
    long next = revision + 1;
    SimObject current = store.chain(key).latest();
    SimObject lastState = current.withResourceVersion(Long.toString(next));
    record(store, key, next, WatchEventType.DELETED, lastState, current);
    return lastState;
  }

  private void record(TypeStore store, String key, long next, WatchEventType kind, SimObject object, SimObject previous) {
    store.chainForWrite(key).append(next, kind == WatchEventType.DELETED ? null : object);
    revision = next;
    ChangeRecord change = new ChangeRecord(store, store.type(), key, next, kind, object, previous);
    history.append(change, compacted -> compacted.store().forget(compacted));
    for (ServerWatch watch : store.watches()) {
      watch.offerChange(change);
    }
  }
}

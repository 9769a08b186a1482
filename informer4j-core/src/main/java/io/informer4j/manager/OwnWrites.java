package io.informer4j.manager;

import io.informer4j.controller.EventPredicate;
import io.informer4j.controller.ReconcileBarrier;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Read-your-writes for one controller of a {@link Manager}: the controller's reconciler (or the code
 * that writes for it) {@linkplain #record records} each write it made — type, key and the
 * resourceVersion the server returned — and the controller then holds the next reconcile of a
 * written primary object back until its cache has seen that write, so the reconciler never reads the
 * state from before its own write. Obtain it from {@link ControllerBuilder#ownWrites()}; it works
 * once the controller is registered ({@link ControllerBuilder#reconcile}), on by default
 * ({@link ControllerBuilder#readYourWrites(boolean)}).
 *
 * <p><b>What is guaranteed.</b> After {@code record(primary, key, v)} returns, the next reconcile of
 * {@code key} starts only when one of these holds (checked against the version the cache holds, the
 * one the reconciler then reads):
 * <ul>
 *   <li>the cache holds {@code v} — or, when the backend's versions are ordered
 *       ({@link io.informer4j.source.ResourceVersionOrder#NUMERIC}, see
 *       {@link io.informer4j.source.Backend#resourceVersionOrder}), any version at least {@code v};</li>
 *   <li>with opaque versions: the cache holds a version that is neither the one it held when the
 *       write was recorded nor another own write of the key — a later change by someone else;</li>
 *   <li>the cache held the object when the write was recorded and holds it no longer (deleted);</li>
 *   <li>the bound passed ({@link ControllerBuilder#readYourWritesTimeout}, 5 s by default): the
 *       reconcile runs anyway, counted in {@link #timedOut()} and the metric
 *       {@code informer4j_controller_read_your_writes_timeouts_total}; the first is logged at WARN.</li>
 * </ul>
 * Waiting blocks no thread: the worker that takes a held key parks it (hands it back to the queue,
 * which adds it again when the wait ends, see {@link io.informer4j.controller.ReconcileBarrier}) and
 * takes other keys.
 *
 * <p><b>What is not guaranteed.</b> Writes by others are not waited for (the cache shows them when
 * it does). A write whose response was lost cannot be recorded, so nothing waits for it. A write of a
 * type other than the primary is remembered for {@link #notOwnWrites} but holds no reconcile back. With
 * opaque versions, a blind write (no resourceVersion precondition) that lands after another writer's
 * change the cache has not shown yet is released by that change, before the cache holds the write;
 * and when another writer's change after the write reached the cache before the write was recorded,
 * the key waits for the next change or the bound. With preconditions on a version read from the cache
 * (what the Kubernetes toolkit does), neither case can happen.
 *
 * <p><b>Writes it does not see.</b> A write the controller makes without recording it (through a
 * raw client instead of the writes bound to the controller) holds nothing back. To make that
 * visible, a change of a primary object that the cache shows while the controller reconciles it, or
 * within the bound after, that directly follows what the reconcile read and whose version no
 * controller of the manager recorded, is counted in {@link #unrecorded()} (metric
 * {@code informer4j_controller_read_your_writes_unrecorded_total}); the first is logged at WARN,
 * naming the object and the fix. Another writer's change in that window is counted the same way.
 * A change that arrives while a write of the object is marked {@link #writing in flight} is judged
 * when the write's mark closes.
 *
 * <p>Thread-safe; {@link #record} never blocks and may be called from any thread.
 */
public final class OwnWrites {

  private static final Logger log = LoggerFactory.getLogger(OwnWrites.class);

  /** What the manager bound when the controller was registered with read-your-writes on. */
  private record Tracking(TypeKey primary, PendingWrites pending, WriteHistory history, CachedVersions versions,
                          RecordedWrites recordedWrites, UnrecordedWrites unrecorded) {
  }

  private final String controller;
  private final LongAdder recorded = new LongAdder();
  private final LongAdder ignored = new LongAdder();
  private volatile Tracking tracking;

  OwnWrites(String controller) {
    this.controller = controller;
  }

  /** Starts tracking, once the controller's informers exist. */
  void bind(TypeKey primary, PendingWrites pending, WriteHistory history, CachedVersions versions,
            RecordedWrites recordedWrites, UnrecordedWrites unrecorded) {
    this.tracking = new Tracking(primary, pending, history, versions, recordedWrites, unrecorded);
  }

  /**
   * Records that the controller wrote {@code key} of {@code type} and the server returned
   * {@code resourceVersion} (for a create, update, patch, status update or finalizer change). Records
   * nothing when read-your-writes is off or the controller is not registered yet; counts and skips
   * (see {@link #ignored()}) a write of a type the controller does not watch, or without a version.
   *
   * @return true when the write is tracked
   */
  public boolean record(TypeKey type, ObjectKey key, String resourceVersion) {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(key, "key");
    Tracking current = tracking;
    if (current == null) {
      return false;
    }
    if (resourceVersion == null || resourceVersion.isEmpty() || !current.versions().covers(type)) {
      ignored.increment();
      log.debug("controller '{}': write of {} {} at resourceVersion '{}' not tracked: {}", controller, type, key,
          resourceVersion, resourceVersion == null || resourceVersion.isEmpty() ? "no resourceVersion"
              : "the controller does not watch the type");
      return false;
    }
    current.history().record(type, key, resourceVersion, current.versions().of(type, key));
    if (type.equals(current.primary())) {
      current.pending().record(key, resourceVersion);
    }
    recorded.increment();
    return true;
  }

  /**
   * Marks a write of {@code key} of {@code type} as on its way, until the returned mark is closed:
   * call it before sending the write, and close the mark after {@link #record recording} the answer or
   * when the write failed. Meanwhile a change of the object is not judged as a write the controller
   * did not record ({@link #unrecorded()}): the server may show the write in the cache before its
   * answer reaches the writer. The writes bound to a controller in the Kubernetes toolkit mark every
   * write; code that records by hand should mark its writes too. Returns {@link WriteInFlight#NONE}
   * while read-your-writes is off or the controller is not registered yet. Never blocks.
   */
  public WriteInFlight writing(TypeKey type, ObjectKey key) {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(key, "key");
    Tracking current = tracking;
    return current == null ? WriteInFlight.NONE : current.recordedWrites().begin(type, key);
  }

  /** Records {@code write}; see {@link #record(TypeKey, ObjectKey, String)}. */
  public boolean record(WrittenObject write) {
    return record(write.type(), write.key(), write.resourceVersion());
  }

  /**
   * Returns a predicate rejecting the events of {@code type} caused by this controller's own writes
   * alone, for {@link ControllerBuilder#predicates} or a watch: an update whose new version is a
   * recorded own write and whose old version is another own write or the version the cache held when
   * an own write was recorded; a create whose version is an own write recorded while the cache held no
   * such object. Everything else passes: deletes, re-deliveries of an unchanged object, own writes
   * whose event reached the cache before they were recorded, and every event while read-your-writes
   * is off. Under the conditions of the class comment's "not guaranteed" (blind writes over changes
   * by others the watch delivers together, after a relist) it may drop an event that carried another
   * writer's change as well; with resourceVersion preconditions it cannot.
   */
  public <T> EventPredicate<T> notOwnWrites(ObjectType<T> type) {
    TypeKey typeKey = type.key();
    ObjectAdapter<T> adapter = type.adapter();
    return new EventPredicate<>() {
      @Override
      public boolean create(T object) {
        return !isOwn(adapter, object, Optional.empty());
      }

      @Override
      public boolean update(T oldObject, T newObject) {
        String oldVersion = adapter.resourceVersion(oldObject);
        return oldVersion == null || oldVersion.equals(adapter.resourceVersion(newObject))
            || !isOwn(adapter, newObject, Optional.of(oldVersion));
      }

      private boolean isOwn(ObjectAdapter<T> adapter, T object, Optional<String> oldVersion) {
        Tracking current = tracking;
        String version = adapter.resourceVersion(object);
        return current != null && version != null
            && current.history().isOwnChange(typeKey, adapter.objectKey(object), oldVersion, version);
      }
    };
  }

  /** Returns true once the controller is registered with read-your-writes on. */
  public boolean isEnabled() {
    return tracking != null;
  }

  /** Returns how many writes were tracked. */
  public long recorded() {
    return recorded.sum();
  }

  /** Returns how many writes were skipped: of a type the controller does not watch, or without a version. */
  public long ignored() {
    return ignored.sum();
  }

  /** Returns how many reconciles were held back waiting for the cache (a key parked twice counts twice). */
  public long held() {
    Tracking current = tracking;
    return current == null ? 0 : current.pending().held();
  }

  /** Returns how many writes the cache had not shown when their bound passed. */
  public long timedOut() {
    Tracking current = tracking;
    return current == null ? 0 : current.pending().timedOut();
  }

  /**
   * Returns how many changes of primary objects looked like writes of the controller it did not
   * record: shown by the cache while it reconciled the object or within the read-your-writes bound
   * after, following what the reconcile read, at a version no controller of the manager recorded. The
   * first is logged at WARN; a change by another writer in that window counts too.
   */
  public long unrecorded() {
    Tracking current = tracking;
    return current == null ? 0 : current.unrecorded().count();
  }

  /** Returns the barrier the controller's workers ask, or none when read-your-writes is off. */
  ReconcileBarrier<ObjectKey> barrier() {
    Tracking current = tracking;
    return current == null ? ReconcileBarrier.none() : current.pending();
  }

  @Override
  public String toString() {
    return "OwnWrites[" + controller + (isEnabled() ? "" : ", off") + ", " + recorded() + " recorded]";
  }
}

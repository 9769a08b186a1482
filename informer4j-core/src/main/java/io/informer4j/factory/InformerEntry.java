package io.informer4j.factory;

import io.informer4j.informer.HandlerRegistration;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.Selection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * One type registered with a {@link SharedInformerFactory}: its informer, its own name and resync
 * period (never shared with other entries), its namespace filter, whether it is missing, and its routing
 * counters. The informer is created even when the type is missing; it runs once the type is present.
 *
 * <p>Thread-safe. The factory changes the missing and run state; readers see consistent values.
 */
public final class InformerEntry {

  /** Whether the entry's informer has run. */
  public enum RunState {
    /** Created, never started (for example because the type was missing). */
    NEW,
    /** Started; it keeps running (and retrying) until the factory shuts down. */
    RUNNING,
    /** Stopped by the factory's shutdown. */
    STOPPED
  }

  private final TypeKey type;
  private final String name;
  private final Duration resyncPeriod;
  private final Scope scope;
  private final InformerOptions options;
  private final SharedIndexInformer<?> informer;
  private final Class<?> objectClass;
  private final ListerWatcher<?> source;
  private final Selection selection;
  private final LongAdder events = new LongAdder();
  private final LongAdder enqueued = new LongAdder();
  private final LongAdder rejectedByQueue = new LongAdder();
  private final Map<String, LongAdder> droppedByReason = new ConcurrentHashMap<>();
  private final List<String> conflicts = new ArrayList<>();
  private HandlerRegistration routing;
  private EventRouter<?> router;
  private boolean missing;
  private String presenceDetail = "not checked";
  private RunState runState = RunState.NEW;

  InformerEntry(TypeKey type, String name, Duration resyncPeriod, Scope scope, InformerOptions options,
                SharedIndexInformer<?> informer, Class<?> objectClass, ListerWatcher<?> source, Selection selection) {
    this.type = type;
    this.name = name;
    this.resyncPeriod = resyncPeriod;
    this.scope = scope;
    this.options = options;
    this.informer = informer;
    this.objectClass = objectClass;
    this.source = source;
    this.selection = selection;
  }

  /** Returns the type. */
  public TypeKey type() {
    return type;
  }

  /** Returns this entry's own name. */
  public String name() {
    return name;
  }

  /** Returns this entry's effective resync period ({@link Duration#ZERO} for none). */
  public Duration resyncPeriod() {
    return resyncPeriod;
  }

  /** Returns the type's scope. */
  public Scope scope() {
    return scope;
  }

  /** Returns the options of the registration that created the entry (the first one wins). */
  public InformerOptions options() {
    return options;
  }

  /** Returns the informer (created even for a missing type). */
  public SharedIndexInformer<?> informer() {
    return informer;
  }

  Class<?> objectClass() {
    return objectClass;
  }

  ListerWatcher<?> source() {
    return source;
  }

  /** Returns what the informer lists and watches (tier 1 and the selectors). */
  public Selection selection() {
    return selection;
  }

  /** Returns the tier that filters this type: 1 (scoped list/watch), 2 (event filter) or 0 (none). */
  public int tier() {
    if (selection.namespace() != null) {
      return 1;
    }
    return options.namespaceFilter().isActive() ? 2 : 0;
  }

  /** Returns true while the type is missing (not served). */
  public synchronized boolean isMissing() {
    return missing;
  }

  /** Returns what the last presence check said. */
  public synchronized String presenceDetail() {
    return presenceDetail;
  }

  /** Returns whether the informer has run. */
  public synchronized RunState runState() {
    return runState;
  }

  /** Returns the later registrations whose options differed and were ignored. */
  public synchronized List<String> conflicts() {
    return List.copyOf(conflicts);
  }

  /** Returns true once the informer synced and the factory's routing handler got the initial list. */
  public boolean hasSynced() {
    HandlerRegistration registration = routing();
    return informer.hasSynced() && registration != null && registration.hasSynced();
  }

  /** Returns how many events the routing handler received. */
  public long eventsReceived() {
    return events.sum();
  }

  /** Returns how many items were put on a queue. */
  public long enqueued() {
    return enqueued.sum();
  }

  /** Returns how many items a queue rejected (depth cap or shut down). */
  public long rejectedByQueue() {
    return rejectedByQueue.sum();
  }

  /** Returns events dropped before any queue, by reason ({@code restricted}, {@code not-allowed}, {@code no-namespace}). */
  public Map<String, Long> droppedByFilter() {
    Map<String, Long> out = new java.util.TreeMap<>();
    droppedByReason.forEach((reason, count) -> out.put(reason, count.sum()));
    return out;
  }

  /** Returns the total of {@link #droppedByFilter()}. */
  public long droppedTotal() {
    return droppedByReason.values().stream().mapToLong(LongAdder::sum).sum();
  }

  synchronized HandlerRegistration routing() {
    return routing;
  }

  synchronized EventRouter<?> router() {
    return router;
  }

  synchronized void setRouter(EventRouter<?> router) {
    this.router = router;
  }

  synchronized void setRouting(HandlerRegistration registration) {
    this.routing = registration;
  }

  void countEvent() {
    events.increment();
  }

  void countEnqueued() {
    enqueued.increment();
  }

  void countRejectedByQueue() {
    rejectedByQueue.increment();
  }

  void countDropped(String reason) {
    droppedByReason.computeIfAbsent(reason, r -> new LongAdder()).increment();
  }

  synchronized void noteConflict(String description) {
    conflicts.add(description);
  }

  /** Records a presence outcome; returns true when the missing flag changed. */
  synchronized boolean setMissing(boolean nowMissing, String detail) {
    presenceDetail = detail;
    boolean changed = missing != nowMissing;
    missing = nowMissing;
    return changed;
  }

  /** Moves NEW to RUNNING; returns true when this call did it (so an informer is never started twice). */
  synchronized boolean claimStart() {
    if (runState != RunState.NEW) {
      return false;
    }
    runState = RunState.RUNNING;
    return true;
  }

  synchronized void markStopped() {
    runState = RunState.STOPPED;
  }

  @Override
  public String toString() {
    return name + " (" + type + ")";
  }
}

package io.informer4j.reader;

import io.informer4j.cache.IndexFunction;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.source.Selection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One informer of an {@link InformersMap} with its reader: the objects of one type, in one
 * representation, under one selection. Created by the map; the same entry is returned to every
 * registration of that type and selection.
 *
 * <p>A type the backend does not serve is <em>missing</em>: its entry exists and its informer is
 * created but does not run until the type appears (see {@link InformersMap}).
 *
 * <p>Thread-safe.
 *
 * @param <T> the object type
 */
public final class MapEntry<T> {

  /** Whether the entry's informer has run. */
  public enum RunState {
    /** Created, never started (the map has not started, or the type is missing). */
    NEW,
    /** Started; it keeps running (and retrying) until the map stops or the entry is removed. */
    RUNNING,
    /** Stopped. */
    STOPPED
  }

  private final ObjectType<T> type;
  private final InformerSpec spec;
  private final Scope scope;
  private final SharedIndexInformer<T> informer;
  private final CacheReader<T> reader;
  private final Duration resyncPeriod;
  private final List<String> conflicts = new ArrayList<>();
  private boolean missing;
  private String presence = "not checked";
  private RunState runState = RunState.NEW;

  MapEntry(ObjectType<T> type, InformerSpec spec, Scope scope, SharedIndexInformer<T> informer, CacheReader<T> reader,
           Duration resyncPeriod) {
    this.type = type;
    this.spec = spec;
    this.scope = scope;
    this.informer = informer;
    this.reader = reader;
    this.resyncPeriod = resyncPeriod;
  }

  /** Returns the type and representation. */
  public ObjectType<T> type() {
    return type;
  }

  /** Returns what the informer lists and watches. */
  public Selection selection() {
    return spec.selection();
  }

  /** Returns the registration that created the entry (the first one wins). */
  public InformerSpec spec() {
    return spec;
  }

  /** Returns the type's scope. */
  public Scope scope() {
    return scope;
  }

  /** Returns the informer (created even for a missing type); add event handlers here. */
  public SharedIndexInformer<T> informer() {
    return informer;
  }

  /** Returns the reader of the informer's cache (deep copies unless asked otherwise per call). */
  public CacheReader<T> reader() {
    return reader;
  }

  /** Returns the informer's resync period, drawn with jitter ({@link Duration#ZERO} for none). */
  public Duration resyncPeriod() {
    return resyncPeriod;
  }

  /**
   * Adds the field index {@code field:<field>}, so lists can select on {@code field=value}. Works at
   * any time: added while the informer runs, the index is built at once over the cached objects.
   *
   * @param field     the field path, as written in field selectors
   * @param extractor returns an object's values of the field; it may return a shared or immutable
   *                  collection, which is never modified
   * @throws IllegalArgumentException if the field already has an index
   */
  public void indexField(String field, IndexFunction<T> extractor) {
    informer.addIndexers(Map.of(FieldIndexes.fieldIndexName(field),
        FieldIndexes.indexFunction(field, scope, type.adapter(), extractor)));
  }

  /** Returns true while the type is missing (not served). */
  public synchronized boolean isMissing() {
    return missing;
  }

  /** Returns what the last presence check said. */
  public synchronized String presence() {
    return presence;
  }

  /** Returns whether the informer has run. */
  public synchronized RunState runState() {
    return runState;
  }

  /** Returns the later registrations whose settings differed and were ignored. */
  public synchronized List<String> conflicts() {
    return List.copyOf(conflicts);
  }

  synchronized void noteConflict(String description) {
    conflicts.add(description);
  }

  /** Records a presence outcome; returns true when the missing flag changed. */
  synchronized boolean setMissing(boolean nowMissing, String detail) {
    presence = detail;
    boolean changed = missing != nowMissing;
    missing = nowMissing;
    return changed;
  }

  /** Moves NEW to RUNNING unless the type is missing; returns true when this call did it. */
  synchronized boolean claimStart() {
    if (runState != RunState.NEW || missing) {
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
    return informer.name() + " (" + type + ")";
  }
}

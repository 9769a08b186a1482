package io.informer4j.testkit;

import io.informer4j.meta.TypeKey;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ResourceVersionMatch;
import io.informer4j.source.Selection;
import io.informer4j.source.WatchRequest;
import java.time.Duration;

/**
 * A list or watch request as the {@link SimulatedApi} received it, recorded before it was answered
 * (so refused and failed attempts are recorded too).
 *
 * <p>Immutable.
 *
 * @param type              the object type
 * @param verb              LIST or WATCH
 * @param selection         the namespace and selectors
 * @param resourceVersion   the requested resourceVersion, {@code ""} when unset
 * @param match             the resourceVersionMatch
 * @param limit             the page size of a list; 0 for none and for watches
 * @param continueToken     the continue token of a list; null for a first page and for watches
 * @param allowBookmarks    whether a watch allowed bookmarks; false for lists
 * @param sendInitialEvents whether a watch asked for initial events; false for lists
 * @param timeout           the server-side timeout of a watch; null when unset and for lists
 */
public record RecordedRequest(TypeKey type, Verb verb, Selection selection, String resourceVersion,
                              ResourceVersionMatch match, long limit, String continueToken, boolean allowBookmarks,
                              boolean sendInitialEvents, Duration timeout) {

  /** The kind of request. */
  public enum Verb {
    /** A list call (one page). */
    LIST,
    /** A watch call. */
    WATCH
  }

  /** Records a list request. */
  public static RecordedRequest of(TypeKey type, ListRequest request) {
    return new RecordedRequest(type, Verb.LIST, request.selection(), request.resourceVersion(), request.match(),
        request.limit(), request.continueToken(), false, false, null);
  }

  /** Records a watch request. */
  public static RecordedRequest of(TypeKey type, WatchRequest request) {
    return new RecordedRequest(type, Verb.WATCH, request.selection(), request.resourceVersion(), request.match(), 0,
        null, request.allowBookmarks(), request.sendInitialEvents(), request.timeout());
  }

  /** Returns true for a list request. */
  public boolean isList() {
    return verb == Verb.LIST;
  }

  /** Returns true for a watch request. */
  public boolean isWatch() {
    return verb == Verb.WATCH;
  }

  /**
   * Returns true for a request that starts an informer's sync: the first page of a list, or a
   * watch-list stream (a watch asking for initial events). A client that syncs once sends exactly
   * one, whether it lists or streams.
   */
  public boolean isInitialSync() {
    return isList() ? continueToken == null : sendInitialEvents;
  }
}

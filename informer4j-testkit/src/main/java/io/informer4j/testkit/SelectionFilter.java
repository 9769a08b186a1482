package io.informer4j.testkit;

import io.informer4j.source.Selection;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;

/**
 * Applies a request's {@link Selection} (namespace, label and field selectors) to objects and to
 * changes, as the API server's watch cache does.
 *
 * <p>Immutable and thread-safe.
 */
final class SelectionFilter {

  private final Selection selection;

  SelectionFilter(Selection selection) {
    this.selection = selection;
  }

  /** Returns the selection this filter applies. */
  Selection selection() {
    return selection;
  }

  /** Returns true when {@code object} is in the selection. */
  boolean matches(SimObject object) {
    return (!selection.isNamespaced() || selection.namespace().equals(object.namespace()))
        && selection.labels().matches(object.labels())
        && selection.fields().matches(path -> SimObject.ADAPTER.field(object, path));
  }

  /**
   * Returns what a watch with this selection is sent for a change, or null when it is not sent:
   * a change that makes an object enter the selection is ADDED, one that makes it leave is DELETED
   * with the previous state carrying the change's version, and a deletion is DELETED with the last
   * state.
   */
  WatchEvent<SimObject> eventFor(ChangeRecord change) {
    boolean nowMatches = change.kind() != WatchEventType.DELETED && matches(change.object());
    boolean matchedBefore = change.previous() != null && matches(change.previous());
    if (nowMatches) {
      return matchedBefore ? WatchEvent.modified(change.object()) : WatchEvent.added(change.object());
    }
    if (!matchedBefore) {
      return null;
    }
    SimObject lastState = change.kind() == WatchEventType.DELETED
        ? change.object()
        : change.previous().withResourceVersion(Long.toString(change.revision()));
    return WatchEvent.deleted(lastState);
  }
}

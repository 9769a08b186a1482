package io.informer4j.informer.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Shrinks a handler's backlog to at most two notifications per object key, with the same effect on
 * what the handler knows: after the compacted notifications, a handler that applies adds, updates
 * and deletes to a map holds exactly what it would hold after the original ones. Per key:
 * <ul>
 *   <li>an add followed by updates is one add of the latest state (still flagged as part of the
 *       initial list if the add was);</li>
 *   <li>updates are one update from the first old state to the latest new state;</li>
 *   <li>an object added and deleted within the backlog disappears;</li>
 *   <li>a delete of an object the handler knew is kept (with its last state), followed by one add of
 *       the latest state if the key was created again — never merged into an update, because a
 *       deleted and re-created object is a different object.</li>
 * </ul>
 * Keys keep the order of their first notification. This bounds a stuck handler's backlog by the
 * number of distinct objects instead of the number of events. Stateless.
 */
final class BacklogCompactor {

  private BacklogCompactor() {
  }

  /** What one key's notifications fold into: a delete of the known object, then the latest state. */
  private static final class Fold<T> {
    Notification.Deleted<T> deleteOfKnown;
    Notification<T> latest;

    void add(Notification<T> next) {
      if (next instanceof Notification.Deleted<T> deleted) {
        if (latest instanceof Notification.Updated<T> || (latest == null && deleteOfKnown == null)) {
          deleteOfKnown = deleted;
        }
        latest = null;
      } else if (next instanceof Notification.Added<T> added) {
        latest = latest == null ? added : merge(latest, added.object());
      } else {
        Notification.Updated<T> updated = (Notification.Updated<T>) next;
        if (latest != null) {
          latest = merge(latest, updated.newObject());
        } else {
          latest = deleteOfKnown == null ? updated : new Notification.Added<>(updated.newObject(), false);
        }
      }
    }

    private static <T> Notification<T> merge(Notification<T> earlier, T newState) {
      if (earlier instanceof Notification.Added<T> added) {
        return new Notification.Added<>(newState, added.inInitialList());
      }
      Notification.Updated<T> updated = (Notification.Updated<T>) earlier;
      return new Notification.Updated<>(updated.oldObject(), newState, false);
    }
  }

  /** Returns the compacted form of {@code backlog}; {@code keyOf} gives an object's cache key. */
  static <T> List<Notification<T>> compact(List<Notification<T>> backlog, Function<T, String> keyOf) {
    Map<String, Fold<T>> folds = new LinkedHashMap<>();
    for (Notification<T> n : backlog) {
      folds.computeIfAbsent(keyOf.apply(subject(n)), k -> new Fold<>()).add(n);
    }
    List<Notification<T>> out = new ArrayList<>();
    for (Fold<T> fold : folds.values()) {
      if (fold.deleteOfKnown != null) {
        out.add(fold.deleteOfKnown);
      }
      if (fold.latest != null) {
        out.add(fold.latest);
      }
    }
    return out;
  }

  private static <T> T subject(Notification<T> n) {
    if (n instanceof Notification.Added<T> added) {
      return added.object();
    }
    if (n instanceof Notification.Updated<T> updated) {
      return updated.newObject();
    }
    return ((Notification.Deleted<T>) n).lastState();
  }
}

package io.informer4j.testkit.chaos;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * How a client's picture of the objects (an informer's cache or a {@link HandlerView}, key →
 * resourceVersion) differs from the server's truth, and which of a handler's notifications the
 * server does not explain. Empty when the picture equals the truth exactly and every notification
 * is explained. Immutable.
 *
 * @param who           whose picture this is
 * @param missing       keys the server has and the picture lacks
 * @param extra         keys the picture has and the server does not: lost deletes
 * @param stale         keys both have at different versions, as {@code key → "picture ≠ server"}
 * @param notifications notifications the server does not explain, each a sentence naming its kind:
 *                      an <em>invented delete</em> (the object still exists on the server and was
 *                      not added again), a <em>spurious delete</em> (of an object that was never
 *                      deleted, added again later), a <em>duplicate delete</em> (one server delete
 *                      told twice), an <em>invented state</em> (a version never written to that
 *                      key), a state <em>going back</em> (an older version after a newer one)
 */
public record Divergence(String who, Set<String> missing, Set<String> extra, Map<String, String> stale,
                         List<String> notifications) {

  /** Copies the collections. */
  public Divergence {
    Objects.requireNonNull(who, "who");
    missing = Set.copyOf(new TreeSet<>(missing));
    extra = Set.copyOf(new TreeSet<>(extra));
    stale = Map.copyOf(stale);
    notifications = List.copyOf(notifications);
  }

  /**
   * Compares a picture with the server's truth (both key → resourceVersion). Keys in
   * {@code allowedStale}, which the informer reported stale, may hold another version or be
   * missing (it keeps the version it had, or none); they may not be extra.
   */
  public static Divergence of(String who, Map<String, String> picture, Map<String, String> truth, Set<String> allowedStale) {
    Set<String> missing = new TreeSet<>(truth.keySet());
    missing.removeAll(picture.keySet());
    missing.removeAll(allowedStale);
    Set<String> extra = new TreeSet<>(picture.keySet());
    extra.removeAll(truth.keySet());
    Map<String, String> stale = new TreeMap<>();
    picture.forEach((key, version) -> {
      String current = truth.get(key);
      if (current != null && !current.equals(version) && !allowedStale.contains(key)) {
        stale.put(key, version + " ≠ " + current);
      }
    });
    return new Divergence(who, missing, extra, stale, List.of());
  }

  /**
   * Adds the invented deletes of a handler's log: deletes of a key the server still has in
   * {@code truth}, not followed by an add of that key.
   */
  public Divergence withDeletesOf(List<HandlerView.Notification> log, Map<String, String> truth) {
    List<String> found = new ArrayList<>(notifications);
    for (int i = 0; i < log.size(); i++) {
      HandlerView.Notification delete = log.get(i);
      if (delete.kind() == HandlerView.Kind.DELETE && truth.containsKey(delete.key()) && !addedLater(log, i)) {
        found.add("invented delete of " + delete.key() + " at " + delete.version() + " (the server has it at "
            + truth.get(delete.key()) + ")");
      }
    }
    return new Divergence(who, missing, extra, stale, found);
  }

  /**
   * Adds what the server's history does not explain in a handler's log: spurious and duplicate
   * deletes, invented states and states going back. Versions must be numbers.
   */
  public Divergence withHistoryOf(List<HandlerView.Notification> log, ServerHistory history) {
    List<String> found = new ArrayList<>(notifications);
    Set<ServerHistory.Incarnation> deleted = new HashSet<>();
    Map<String, Long> last = new HashMap<>();
    for (int i = 0; i < log.size(); i++) {
      HandlerView.Notification note = log.get(i);
      long version = Long.parseLong(note.version());
      Long previous = last.put(note.key(), version);
      if (previous != null && version < previous) {
        found.add(note.kind() + " of " + note.key() + " going back from " + previous + " to " + version);
      }
      if (!history.wrote(note.key(), version)) {
        found.add(note.kind() + " of " + note.key() + " with the invented state " + version);
        continue;
      }
      if (note.kind() != HandlerView.Kind.DELETE) {
        continue;
      }
      Optional<ServerHistory.Incarnation> life = history.incarnationAt(note.key(), version);
      if (life.isPresent() && life.get().deleted() == 0 && addedLater(log, i)) {
        found.add("spurious delete of " + note.key() + " at " + version + " (never deleted on the server, added again later)");
      } else if (life.isPresent() && life.get().deleted() != 0 && !deleted.add(life.get())) {
        found.add("duplicate delete of " + note.key() + " at " + version + " (deleted once, at " + life.get().deleted() + ")");
      }
    }
    return new Divergence(who, missing, extra, stale, found);
  }

  /** Returns true when the picture equals the truth and every notification is explained. */
  public boolean isEmpty() {
    return missing.isEmpty() && extra.isEmpty() && stale.isEmpty() && notifications.isEmpty();
  }

  private static boolean addedLater(List<HandlerView.Notification> log, int index) {
    String key = log.get(index).key();
    return log.subList(index + 1, log.size()).stream().anyMatch(n -> n.key().equals(key) && n.kind() == HandlerView.Kind.ADD);
  }

  @Override
  public String toString() {
    if (isEmpty()) {
      return who + ": equal";
    }
    return who + ": " + missing.size() + " missing " + new TreeSet<>(missing) + ", " + extra.size() + " extra (lost deletes) "
        + new TreeSet<>(extra) + ", " + stale.size() + " stale " + new TreeMap<>(stale) + ", " + notifications.size()
        + " unexplained notifications " + notifications;
  }
}

package io.informer4j.informer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import io.informer4j.testsupport.property.Generators;
import io.informer4j.testsupport.property.PropertyCheck;
import org.junit.jupiter.api.Test;

/**
 * A compacted backlog has the same effect on a handler's view as the original: for random initial
 * views and random valid event histories (adds of absent keys, updates and deletes of present ones,
 * some re-creations), the view after the compacted notifications equals the view after the original
 * ones, the compacted backlog holds at most two notifications per key, and every notification in it
 * is one a handler could receive (no add of a key it holds, no update or delete of one it lacks).
 */
class BacklogCompactorProperties {

  /** An object: key and version. */
  record Obj(String key, int version) {
  }

  /** The inputs of one history: its random seed, how many keys it touches and how many events it has. */
  record Shape(long seed, int keys, int length) {
  }

  @Test
  void compactionKeepsTheHandlersViewAndIsValid() {
    PropertyCheck.forAll(choices -> new Shape(choices.draw(Generators.longs()), choices.draw(Generators.integers(1, 12)),
            choices.draw(Generators.integers(0, 200))))
        .tries(300)
        .check(shape -> compactionKeepsTheView(shape.seed(), shape.keys(), shape.length()));
  }

  private static void compactionKeepsTheView(long seed, int keys, int length) {
    Random random = new Random(seed);
    Map<String, Obj> initialView = new HashMap<>();
    for (int k = 0; k < keys; k++) {
      if (random.nextBoolean()) {
        initialView.put("k" + k, new Obj("k" + k, 0));
      }
    }
    List<Notification<Obj>> backlog = history(random, keys, length, new HashMap<>(initialView));

    List<Notification<Obj>> compacted = BacklogCompactor.compact(backlog, Obj::key);

    assertThat(apply(initialView, compacted)).as("seed %d", seed).isEqualTo(apply(initialView, backlog));
    Map<String, Integer> perKey = new HashMap<>();
    compacted.forEach(n -> perKey.merge(key(n), 1, Integer::sum));
    assertThat(perKey.values()).as("seed %d", seed).allMatch(count -> count <= 2);
  }

  @Test
  void anObjectCreatedAndDeletedWithinTheBacklogDisappears() {
    List<Notification<Obj>> backlog = List.of(
        new Notification.Added<>(new Obj("a", 1), false),
        new Notification.Updated<>(new Obj("a", 1), new Obj("a", 2), false),
        new Notification.Deleted<>(new Obj("a", 2), false));
    assertThat(BacklogCompactor.compact(backlog, Obj::key)).isEmpty();
  }

  @Test
  void aDeletedAndRecreatedObjectStaysADeleteThenAnAdd() {
    List<Notification<Obj>> backlog = List.of(
        new Notification.Updated<>(new Obj("a", 0), new Obj("a", 1), false),
        new Notification.Deleted<>(new Obj("a", 1), false),
        new Notification.Added<>(new Obj("a", 5), true),
        new Notification.Updated<>(new Obj("a", 5), new Obj("a", 6), false));
    assertThat(BacklogCompactor.compact(backlog, Obj::key)).containsExactly(
        new Notification.Deleted<>(new Obj("a", 1), false), new Notification.Added<>(new Obj("a", 6), true));
  }

  /** Generates a valid history: what a handler holding {@code view} could be told, in order. */
  private static List<Notification<Obj>> history(Random random, int keys, int length, Map<String, Obj> view) {
    List<Notification<Obj>> out = new ArrayList<>();
    for (int i = 0; i < length; i++) {
      String key = "k" + random.nextInt(keys);
      Obj current = view.get(key);
      if (current == null) {
        Obj added = new Obj(key, i + 1);
        out.add(new Notification.Added<>(added, random.nextInt(4) == 0));
        view.put(key, added);
      } else if (random.nextInt(3) == 0) {
        out.add(new Notification.Deleted<>(current, random.nextBoolean()));
        view.remove(key);
      } else {
        Obj next = new Obj(key, i + 1);
        out.add(new Notification.Updated<>(current, next, false));
        view.put(key, next);
      }
    }
    return out;
  }

  /** Applies notifications to a copy of {@code view}, checking each is valid for the view it meets. */
  private static Map<String, Obj> apply(Map<String, Obj> view, List<Notification<Obj>> notifications) {
    Map<String, Obj> result = new LinkedHashMap<>(view);
    for (Notification<Obj> n : notifications) {
      String key = key(n);
      if (n instanceof Notification.Added<Obj> added) {
        assertThat(result).as("an add of a key the handler holds").doesNotContainKey(key);
        result.put(key, added.object());
      } else if (n instanceof Notification.Updated<Obj> updated) {
        assertThat(result.get(key)).as("an update must start from what the handler holds").isEqualTo(updated.oldObject());
        result.put(key, updated.newObject());
      } else {
        assertThat(result).as("a delete of a key the handler lacks").containsKey(key);
        result.remove(key);
      }
    }
    return result;
  }

  private static String key(Notification<Obj> n) {
    if (n instanceof Notification.Added<Obj> added) {
      return added.object().key();
    }
    if (n instanceof Notification.Updated<Obj> updated) {
      return updated.newObject().key();
    }
    return ((Notification.Deleted<Obj>) n).lastState().key();
  }
}

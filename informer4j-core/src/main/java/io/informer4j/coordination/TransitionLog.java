package io.informer4j.coordination;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The most recent coordination transitions (leadership gained or lost, shard gained, released or
 * lost), newest last, for status pages; keeps the last 32 and a total count. Thread-safe.
 */
final class TransitionLog {

  private static final int KEPT = 32;

  /** One transition. */
  record Transition(Instant at, String what) {
  }

  private final ArrayDeque<Transition> recent = new ArrayDeque<>();
  private long total;

  /** Records {@code what} at {@code at}. */
  synchronized void add(Instant at, String what) {
    if (recent.size() == KEPT) {
      recent.removeFirst();
    }
    recent.addLast(new Transition(at, what));
    total++;
  }

  /** Returns how many transitions were ever recorded. */
  synchronized long total() {
    return total;
  }

  /** Returns the kept transitions, oldest first. */
  synchronized List<Transition> recent() {
    return new ArrayList<>(recent);
  }

  /** Returns the kept transitions as plain maps ({@code at}, {@code what}), for JSON status. */
  List<Map<String, Object>> toMaps() {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Transition t : recent()) {
      Map<String, Object> map = new LinkedHashMap<>();
      map.put("at", t.at());
      map.put("what", t.what());
      out.add(map);
    }
    return out;
  }
}

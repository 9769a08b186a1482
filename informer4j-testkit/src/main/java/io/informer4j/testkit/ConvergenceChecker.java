package io.informer4j.testkit;

import io.informer4j.cache.Store;
import io.informer4j.informer.EventHandler;
import io.informer4j.meta.TypeKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Checks an informer against a {@link SimulatedApi} after faults: writes go through the checker, so
 * it knows every state each object had on the server; each {@link #handler(String)} it hands out
 * records every state that handler saw. {@link #problems} then lists, per object and handler, every
 * way the informer disagrees with the server:
 * <ul>
 *   <li>the cache differs from the server's truth (missing, extra, or another resourceVersion);</li>
 *   <li>the states the handler saw are not a subsequence of the server's states (an out-of-order,
 *       invented or resurrected state);</li>
 *   <li>the handler's last state differs from the truth — in particular, a deleted object whose
 *       deletion never reached the handler (neither as a delete nor as a tombstone).</li>
 * </ul>
 * Thread-safe.
 */
public final class ConvergenceChecker {

  /** Marks an absent object in a state sequence. */
  private static final String ABSENT = "-";

  private final SimulatedApi api;
  private final TypeKey type;
  private final Map<String, List<String>> serverStates = new HashMap<>();
  private final Map<String, Recorder> recorders = new java.util.LinkedHashMap<>();

  /** @param api the server; @param type the type written and watched */
  public ConvergenceChecker(SimulatedApi api, TypeKey type) {
    this.api = Objects.requireNonNull(api, "api");
    this.type = Objects.requireNonNull(type, "type");
  }

  /** Creates or replaces {@code object} on the server, recording its new state. */
  public synchronized SimObject upsert(SimObject object) {
    SimObject stored = api.upsert(type, object);
    append(serverStates, stored.key(), stored.resourceVersion());
    return stored;
  }

  /** Deletes an object on the server (if present), recording its absence. */
  public synchronized Optional<SimObject> delete(String namespace, String name) {
    if (api.get(type, namespace, name).isEmpty()) {
      return Optional.empty();
    }
    SimObject last = api.delete(type, namespace, name);
    append(serverStates, last.key(), ABSENT);
    return Optional.of(last);
  }

  /**
   * Returns a new handler that records what it sees; register it on the informer under test.
   *
   * @param name names the handler in problem reports
   */
  public synchronized EventHandler<SimObject> handler(String name) {
    Recorder recorder = new Recorder();
    recorders.put(name, recorder);
    return recorder;
  }

  /** Records one handler's view, per key. */
  private final class Recorder implements EventHandler<SimObject> {
    private final Map<String, List<String>> seen = new HashMap<>();

    @Override
    public void onAdd(SimObject object, boolean inInitialList) {
      record(object.key(), object.resourceVersion());
    }

    @Override
    public void onUpdate(SimObject oldObject, SimObject newObject) {
      record(newObject.key(), newObject.resourceVersion());
    }

    @Override
    public void onDelete(SimObject lastState, boolean finalStateUnknown) {
      record(lastState.key(), ABSENT);
    }

    private void record(String key, String state) {
      synchronized (ConvergenceChecker.this) {
        append(seen, key, state);
      }
    }
  }

  private static void append(Map<String, List<String>> states, String key, String state) {
    List<String> sequence = states.computeIfAbsent(key, k -> new ArrayList<>());
    if (sequence.isEmpty() ? !state.equals(ABSENT) : !sequence.get(sequence.size() - 1).equals(state)) {
      sequence.add(state);
    }
  }

  /**
   * Returns every disagreement between the server, the informer's cache and what the handler saw;
   * empty when the informer converged.
   */
  public synchronized List<String> problems(Store<SimObject> cache) {
    List<String> problems = new ArrayList<>();
    Map<String, SimObject> truth = api.snapshot(type);
    TreeSet<String> keys = new TreeSet<>(truth.keySet());
    keys.addAll(cache.listKeys());
    recorders.values().forEach(r -> keys.addAll(r.seen.keySet()));
    for (String key : keys) {
      SimObject expected = truth.get(key);
      SimObject cached = cache.get(key);
      String expectedState = expected == null ? ABSENT : expected.resourceVersion();
      String cachedState = cached == null ? ABSENT : cached.resourceVersion();
      if (!expectedState.equals(cachedState)) {
        problems.add(key + ": cache has " + cachedState + ", server has " + expectedState);
      }
      List<String> server = serverStates.getOrDefault(key, List.of());
      recorders.forEach((name, recorder) -> {
        List<String> seen = recorder.seen.getOrDefault(key, List.of());
        if (!isSubsequence(seen, server)) {
          problems.add(key + ": handler '" + name + "' saw " + seen + ", not a subsequence of the server's " + server);
        }
        String lastSeen = seen.isEmpty() ? ABSENT : seen.get(seen.size() - 1);
        if (!lastSeen.equals(expectedState)) {
          problems.add(key + ": handler '" + name + "' last saw " + lastSeen + ", server has " + expectedState);
        }
      });
    }
    return problems;
  }

  private static boolean isSubsequence(List<String> part, List<String> whole) {
    int i = 0;
    for (String state : whole) {
      if (i < part.size() && part.get(i).equals(state)) {
        i++;
      }
    }
    return i == part.size();
  }
}

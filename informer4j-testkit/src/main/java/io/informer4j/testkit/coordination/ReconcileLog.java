package io.informer4j.testkit.coordination;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Records every reconcile — which replica reconciled which key at which resourceVersion, from when
 * to when (in {@link System#nanoTime()}) — and finds keys reconciled by two replicas at overlapping
 * times, and changes reconciled other than once. Thread-safe.
 */
public final class ReconcileLog {

  /** One finished reconcile of {@code key} that read {@code version} ({@code ""}: the object was gone). */
  public record Span(String key, String replica, String version, long startNanos, long endNanos) {
  }

  private final List<Span> spans = new ArrayList<>();
  private final Map<String, Long> running = new ConcurrentHashMap<>();

  /** Marks the start of {@code replica}'s reconcile of {@code key}; returns the start time. */
  public long start(String replica, String key) {
    long now = System.nanoTime();
    running.put(replica + "|" + key, now);
    return now;
  }

  /** Marks the end of the reconcile begun at {@code startNanos}, which read {@code version}. */
  public void end(String replica, String key, String version, long startNanos) {
    long now = System.nanoTime();
    running.remove(replica + "|" + key);
    synchronized (spans) {
      spans.add(new Span(key, replica, version, startNanos, now));
    }
  }

  /**
   * Returns, for each key of {@code versions} (key to the version a change gave it), how many
   * reconciles read that version, where that is not exactly one; empty when every change was
   * reconciled exactly once.
   */
  public Map<String, Long> notOncePerChange(Map<String, String> versions) {
    Map<String, Long> counts = new HashMap<>();
    for (Span span : spans()) {
      if (span.version().equals(versions.get(span.key()))) {
        counts.merge(span.key(), 1L, Long::sum);
      }
    }
    Map<String, Long> wrong = new TreeMap<>();
    versions.keySet().forEach(key -> {
      long count = counts.getOrDefault(key, 0L);
      if (count != 1) {
        wrong.put(key, count);
      }
    });
    return wrong;
  }

  /** Returns the keys of {@code versions} whose version some reconcile read. */
  public Set<String> keysReconciledAt(Map<String, String> versions) {
    Set<String> keys = new TreeSet<>();
    for (Span span : spans()) {
      if (span.version().equals(versions.get(span.key()))) {
        keys.add(span.key());
      }
    }
    return keys;
  }

  /** Returns every finished reconcile. */
  public List<Span> spans() {
    synchronized (spans) {
      return new ArrayList<>(spans);
    }
  }

  /**
   * Returns pairs of reconciles of one key by different replicas that overlapped by more than
   * {@code toleranceNanos}, described as text (empty when there is none).
   */
  public List<String> overlaps(long toleranceNanos) {
    Map<String, List<Span>> byKey = new HashMap<>();
    for (Span span : spans()) {
      byKey.computeIfAbsent(span.key(), k -> new ArrayList<>()).add(span);
    }
    List<String> found = new ArrayList<>();
    byKey.forEach((key, list) -> {
      list.sort((a, b) -> Long.compare(a.startNanos(), b.startNanos()));
      for (int i = 0; i < list.size(); i++) {
        for (int j = i + 1; j < list.size() && list.get(j).startNanos() < list.get(i).endNanos(); j++) {
          Span a = list.get(i);
          Span b = list.get(j);
          long overlap = Math.min(a.endNanos(), b.endNanos()) - b.startNanos();
          if (!a.replica().equals(b.replica()) && overlap > toleranceNanos) {
            found.add(key + ": " + a.replica() + " and " + b.replica() + " overlapped by " + overlap / 1_000 + " µs");
          }
        }
      }
    });
    return found;
  }

  /** Returns the keys whose reconcile started at or after {@code sinceNanos} on a replica other than {@code excluded}. */
  public Set<String> keysReconciledSince(long sinceNanos, String excluded) {
    Set<String> keys = new TreeSet<>();
    for (Span span : spans()) {
      if (span.startNanos() >= sinceNanos && !span.replica().equals(excluded)) {
        keys.add(span.key());
      }
    }
    return keys;
  }

  /** Returns the keys {@code replica} reconciled at any time. */
  public Set<String> keysReconciledBy(String replica) {
    Set<String> keys = new TreeSet<>();
    for (Span span : spans()) {
      if (span.replica().equals(replica)) {
        keys.add(span.key());
      }
    }
    return keys;
  }

  /** Returns the latest start of a reconcile by {@code replica}, or {@link Long#MIN_VALUE}. */
  public long lastStartBy(String replica) {
    return spans().stream().filter(s -> s.replica().equals(replica)).mapToLong(Span::startNanos).max()
        .orElse(Long.MIN_VALUE);
  }

  /** Returns the earliest start of a reconcile by {@code replica} at or after {@code sinceNanos}, or {@link Long#MAX_VALUE}. */
  public long firstStartBy(String replica, long sinceNanos) {
    return spans().stream().filter(s -> s.replica().equals(replica) && s.startNanos() >= sinceNanos)
        .mapToLong(Span::startNanos).min().orElse(Long.MAX_VALUE);
  }
}

package io.informer4j.cli.dashboard;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Notable moments of a run (a fault injected, a type installed, a type becoming active), kept for the
 * dashboard: the last few are shown under the table, and with plain output each is printed once.
 * Thread-safe: anyone may add, the refresh loop drains.
 */
public final class ActivityLog {

  private final int keep;
  private final Deque<String> recent = new ArrayDeque<>();
  private final List<String> unprinted = new ArrayList<>();

  /** @param keep how many recent entries {@link #recent()} returns */
  public ActivityLog(int keep) {
    this.keep = keep;
  }

  /** Records an entry. */
  public synchronized void add(String entry) {
    recent.addLast(entry);
    if (recent.size() > keep) {
      recent.removeFirst();
    }
    unprinted.add(entry);
  }

  /** Returns the last few entries, oldest first. */
  public synchronized List<String> recent() {
    return List.copyOf(recent);
  }

  /** Returns the entries added since the last call, oldest first. */
  public synchronized List<String> drainUnprinted() {
    List<String> out = List.copyOf(unprinted);
    unprinted.clear();
    return out;
  }
}

package io.informer4j.testkit.chaos;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What writers did to each key on a server whose resourceVersions are increasing numbers: every
 * version written, and the key's incarnations, each from the version that created it to the
 * version that deleted it (or still alive). Each key must be written by one thread at a time, so
 * its writes are recorded in order; keys may be written concurrently. Thread-safe.
 */
public final class ServerHistory {

  /**
   * One life of a key.
   *
   * @param created the version that created it
   * @param deleted the version of its deletion; 0 while it lives
   */
  public record Incarnation(long created, long deleted) {

    /** Returns true when {@code version} falls in this life (its deletion included). */
    public boolean contains(long version) {
      return version >= created && (deleted == 0 || version <= deleted);
    }
  }

  private final Map<String, KeyHistory> keys = new ConcurrentHashMap<>();

  /** Records that {@code key} was created at {@code version}. */
  public void created(String key, long version) {
    KeyHistory history = keys.computeIfAbsent(key, k -> new KeyHistory());
    synchronized (history) {
      history.lives.add(new Incarnation(version, 0));
      history.versions.add(version);
    }
  }

  /**
   * Records that {@code key}'s living incarnation was changed at {@code version}.
   *
   * @throws IllegalStateException if the key does not live
   */
  public void updated(String key, long version) {
    KeyHistory history = living(key);
    synchronized (history) {
      history.versions.add(version);
    }
  }

  /**
   * Records that {@code key}'s living incarnation was deleted at {@code version}.
   *
   * @throws IllegalStateException if the key does not live
   */
  public void deleted(String key, long version) {
    KeyHistory history = living(key);
    synchronized (history) {
      Incarnation life = history.lives.get(history.lives.size() - 1);
      history.lives.set(history.lives.size() - 1, new Incarnation(life.created(), version));
      history.versions.add(version);
    }
  }

  /** Returns the incarnation of {@code key} that {@code version} falls in, if any. */
  public Optional<Incarnation> incarnationAt(String key, long version) {
    KeyHistory history = keys.get(key);
    if (history == null) {
      return Optional.empty();
    }
    synchronized (history) {
      return history.lives.stream().filter(life -> life.contains(version)).findFirst();
    }
  }

  /** Returns true when {@code version} was written to {@code key} (created, updated or deleted it). */
  public boolean wrote(String key, long version) {
    KeyHistory history = keys.get(key);
    if (history == null) {
      return false;
    }
    synchronized (history) {
      return history.versions.contains(version);
    }
  }

  private KeyHistory living(String key) {
    KeyHistory history = keys.get(key);
    if (history == null) {
      throw new IllegalStateException(key + " was never created");
    }
    synchronized (history) {
      if (history.lives.get(history.lives.size() - 1).deleted() != 0) {
        throw new IllegalStateException(key + " does not live");
      }
    }
    return history;
  }

  /** The writes of one key; guarded by itself. */
  private static final class KeyHistory {
    final List<Incarnation> lives = new ArrayList<>();
    final List<Long> versions = new ArrayList<>();
  }
}

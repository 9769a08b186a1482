package io.informer4j.informer.internal;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The keys whose latest state the source sent but the informer could not read: the cache keeps
 * the version it had (or nothing, if it had none) and the key stays here, with the reason, until a
 * readable state or a delete of that key arrives, or a complete list settles it. Written by the
 * informer's processor only; read by status from any thread.
 */
final class StaleKeys {

  private static final int SAMPLE = 10;

  private final ConcurrentHashMap<String, String> reasons = new ConcurrentHashMap<>();

  /** Marks {@code key} stale. */
  void mark(String key, String reason) {
    reasons.put(key, reason);
  }

  /** A readable state or a delete of {@code key} arrived. */
  void settle(String key) {
    reasons.remove(key);
  }

  boolean isEmpty() {
    return reasons.isEmpty();
  }

  /** A complete list arrived: exactly the keys it could not read are stale. */
  void replaceWith(Map<String, String> unreadable) {
    reasons.clear();
    reasons.putAll(unreadable);
  }

  int count() {
    return reasons.size();
  }

  /** Returns up to ten stale keys, sorted. */
  List<String> sample() {
    return reasons.keySet().stream().sorted().limit(SAMPLE).toList();
  }
}

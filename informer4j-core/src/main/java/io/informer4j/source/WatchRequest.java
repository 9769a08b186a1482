package io.informer4j.source;

import java.time.Duration;
import java.util.Objects;

/**
 * One watch call.
 *
 * <p>Immutable and thread-safe.
 *
 * @param selection         the namespace and selectors
 * @param resourceVersion   watch for changes after this version; {@code ""} or {@code "0"} start
 *                          with synthetic ADDED events for the current state
 * @param match             how {@code resourceVersion} is interpreted ({@code NOT_OLDER_THAN} with
 *                          {@code sendInitialEvents})
 * @param allowBookmarks    whether the server may send BOOKMARK events
 * @param sendInitialEvents stream the current state first as ADDED events, ending with a bookmark
 *                          marked {@code initialEventsEnd} (watch-list)
 * @param timeout           server-side timeout after which the watch closes cleanly; null for the
 *                          server's default
 */
public record WatchRequest(Selection selection, String resourceVersion, ResourceVersionMatch match,
                           boolean allowBookmarks, boolean sendInitialEvents, Duration timeout) {

  /** @throws IllegalArgumentException if the timeout is zero or negative, or the match is EXACT */
  public WatchRequest {
    Objects.requireNonNull(selection, "selection");
    resourceVersion = resourceVersion == null ? "" : resourceVersion;
    Objects.requireNonNull(match, "match");
    if (timeout != null && (timeout.isZero() || timeout.isNegative())) {
      throw new IllegalArgumentException("watch timeout must be positive: " + timeout);
    }
    if (match == ResourceVersionMatch.EXACT) {
      throw new IllegalArgumentException("a watch cannot use resourceVersionMatch EXACT");
    }
  }

  /** Returns a watch from {@code resourceVersion} with bookmarks and no initial events. */
  public static WatchRequest from(Selection selection, String resourceVersion) {
    return new WatchRequest(selection, resourceVersion, ResourceVersionMatch.UNSET, true, false, null);
  }

  /** Returns a copy with the server-side timeout set. */
  public WatchRequest withTimeout(Duration timeout) {
    return new WatchRequest(selection, resourceVersion, match, allowBookmarks, sendInitialEvents, timeout);
  }

  /** Returns a copy with bookmarks allowed or not. */
  public WatchRequest withBookmarks(boolean allow) {
    return new WatchRequest(selection, resourceVersion, match, allow, sendInitialEvents, timeout);
  }
}

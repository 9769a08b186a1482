package io.informer4j.etcd;

/**
 * Whether watches that allow bookmarks ask etcd for progress notifications periodically (each
 * answer becomes a BOOKMARK, so a re-watch after a dropped connection starts from a recent revision
 * instead of one that may have been compacted).
 *
 * <p>etcd servers before 3.4.31 (3.4 line) and 3.5.13 (3.5 line) may answer a progress request
 * with a revision ahead of events not yet sent on a catching-up watch; a bookmark taken from such
 * an answer could skip those events. Server-initiated progress notifications (etcd's
 * {@code --experimental-watch-progress-notify-interval}, 10 minutes by default) are ordered on
 * every version and are always asked for when bookmarks are allowed.
 */
public enum ProgressRequests {
  /** Request progress only when every cluster member runs a version that orders its answers (default). */
  WHEN_SAFE,
  /** Always request progress (for servers known to be fixed, or quiet watches in tests). */
  ALWAYS,
  /** Never request progress; rely on server-initiated notifications. */
  NEVER
}

package io.informer4j.testkit;

import io.informer4j.time.Scheduler;
import java.time.Duration;

/**
 * Sends every open watch that allowed bookmarks a BOOKMARK with the current revision, every
 * interval, as the API server's watch cache does. The bookmark is enqueued under the storage read
 * lock, so it follows every write it covers in each watch's order.
 *
 * <p>Thread-safe.
 */
final class BookmarkTicker {

  private final Storage storage;
  private final Scheduler scheduler;
  private final Duration interval;
  private volatile boolean stopped;
  private volatile Scheduler.Cancellable next;

  /** @param interval the period; zero means never */
  BookmarkTicker(Storage storage, Scheduler scheduler, Duration interval) {
    this.storage = storage;
    this.scheduler = scheduler;
    this.interval = interval;
  }

  /** Schedules the first tick, unless the interval is zero. */
  void start() {
    if (!interval.isZero()) {
      next = scheduler.schedule(interval, this::tick);
    }
  }

  /** Stops ticking. */
  void stop() {
    stopped = true;
    Scheduler.Cancellable pending = next;
    if (pending != null) {
      pending.cancel();
    }
  }

  private void tick() {
    if (stopped) {
      return;
    }
    storage.read(() -> {
      long revision = storage.revision();
      storage.stores().forEach(store -> store.watches().forEach(watch -> watch.offerBookmark(revision)));
      return null;
    });
    if (!stopped) {
      next = scheduler.schedule(interval, this::tick);
    }
  }
}

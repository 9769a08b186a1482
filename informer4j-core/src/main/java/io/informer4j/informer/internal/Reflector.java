package io.informer4j.informer.internal;

import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.InformerState;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.source.ExpiredException;
import io.informer4j.source.InvalidRequestException;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.ResourceVersionMatch;
import io.informer4j.source.SourceException;
import io.informer4j.source.TooManyRequestsException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import io.informer4j.time.Scheduler;
import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the event processor fed from the source, with client-go's 2026 semantics:
 * <ul>
 *   <li>watch-list first when enabled (sendInitialEvents; the initial state is buffered, transformed,
 *       until the {@code initial-events-end} bookmark, then replaces the cache and the same stream
 *       continues), falling back to listing on any error other than throttling, refused connections
 *       and expired versions; a 422/400 rejection, or initial events that stop for the watch-list
 *       timeout without their end bookmark (a server that ignores the request), turns watch-list off
 *       for good and tells the source;
 *   <li>lists at {@code "0"} first, then at the last synced version, and at {@code ""} right after
 *       an expired or too-large version (see {@link PagedLister} for paging);
 *   <li>watches from the last synced version, with bookmarks and a random timeout in [min, 2 × min);
 *       a clean end or dropped connection re-watches at once; a watch that ends within a second
 *       with no event counts as a failure and relists; 429, refused connections and a corrupt
 *       stream re-watch after backoff; any other failure (an expired version included) backs off and
 *       relists; refused connections back off on the short reconnect policy;
 *   <li>liveness: a watch that delivers nothing for the idle timeout is re-opened (half-way through,
 *       the source is asked for a progress bookmark; a source that answered that request but stayed
 *       silent has a dead connection, which counts as a failure); a list page or watch opening that
 *       receives nothing for the read timeout is interrupted ({@link ReadWatchdog});
 *   <li>objects that cannot be read: see {@link MalformedObjectException} — a delete known by key
 *       still deletes, other states known by key mark the key stale, and an event of unknown
 *       identity ends the watch so the informer relists;
 *   <li>the synced version advances on every event, an object event that could not be read
 *       included when the source could read its version (the informer acted on it: a watch opened
 *       again must not deliver it twice), except that a watch started from {@code ""} or
 *       {@code "0"} does not advance it until its first non-ADDED event.
 * </ul>
 * Blocking calls run on the runtime's I/O pool; events arrive on the source's threads and are only
 * enqueued. Thread-safe.
 *
 * @param <T> the object type
 */
final class Reflector<T> {

  private static final Logger log = LoggerFactory.getLogger(Reflector.class);
  private static final Duration VERY_SHORT_WATCH = Duration.ofSeconds(1);
  private static final Duration WATCH_TIMEOUT_GRACE = Duration.ofSeconds(30);

  private enum Next { RELIST, REWATCH }

  private final String name;
  final ListerWatcher<T> source;
  final ObjectAdapter<T> adapter;
  private final ReflectorSettings settings;
  final ObjectIntake<T> intake;
  private final PagedLister<T> lister;
  final EventProcessor<T> processor;
  final InformerRuntime runtime;
  private final BlockingRunner blocking;
  private final ReadWatchdog watchdog;
  final StateTracker state;
  final InformerCounters counters;
  private final BackoffTimer backoff;
  private final BackoffTimer reconnectBackoff;
  private final Consumer<Throwable> giveUp;
  private final FailureLog failureLog;
  final StaleObjectHealer<T> healer;

  final Object lock = new Object();
  String lastSyncResourceVersion = "";
  private boolean lastVersionUnavailable;
  private boolean watchListUnsupported;
  private boolean listedOnce;
  boolean stopped;
  long generation;
  private WatchHandle currentWatch;
  Scheduler.Cancellable watchTimer;
  private Scheduler.Cancellable healthyTimer;
  private Scheduler.Cancellable retryTimer;

  Reflector(String name, ListerWatcher<T> source, ObjectAdapter<T> adapter, ReflectorSettings settings,
            ObjectIntake<T> intake, EventProcessor<T> processor, InformerRuntime runtime, TaskTracker tracker,
            StateTracker state, InformerCounters counters, Consumer<Throwable> giveUp) {
    this.name = name;
    this.source = source;
    this.adapter = adapter;
    this.settings = settings;
    this.intake = intake;
    this.processor = processor;
    this.runtime = runtime;
    this.giveUp = giveUp;
    this.failureLog = new FailureLog(log, runtime.clock(), name);
    this.healer = new StaleObjectHealer<>(name, source, settings.selection(), adapter, intake, runtime.io(),
        runtime.scheduler(), this::healed);
    this.blocking = new BlockingRunner(runtime.io(), tracker,
        () -> giveUp.accept(new IllegalStateException("the informer runtime " + runtime.name() + " is closed")));
    this.state = state;
    this.counters = counters;
    this.watchdog = new ReadWatchdog(runtime.scheduler(), runtime.clock(), settings.readTimeout(),
        state.listProgress()::lastReceivedNanos, counters.idleTimeouts::increment);
    this.lister = new PagedLister<>(name, source, settings.selection(), settings.pageSize(), intake, counters.lists,
        state.listProgress(), watchdog);
    this.backoff = new BackoffTimer(settings.backoff(), runtime.clock(), settings.random());
    this.reconnectBackoff = new BackoffTimer(settings.reconnectBackoff(), runtime.clock(), settings.random());
  }

  void start() {
    blocking.run(this::cycle);
  }

  /** Stops: no new request starts, the watch is closed, a blocked list is interrupted. Idempotent. */
  void stop() {
    WatchHandle watch;
    synchronized (lock) {
      stopped = true;
      generation++;
      healer.stop();
      state.listProgress().end();
      watch = detachWatchLocked();
      cancel(retryTimer);
      blocking.stop();
    }
    close(watch);
  }

  String lastSyncResourceVersion() {
    synchronized (lock) {
      return lastSyncResourceVersion;
    }
  }

  // ---- one list-and-watch cycle -------------------------------------------------------------

  private void cycle() {
    boolean watchList;
    synchronized (lock) {
      watchList = settings.watchList() && source.supportsWatchList() && !watchListUnsupported;
    }
    if (watchList) {
      openWatch(true);
    } else {
      listThenWatch();
    }
  }

  private void listThenWatch() {
    if (!state.moveTo(InformerState.LISTING)) {
      return;
    }
    String version = relistResourceVersion();
    PagedLister.Result<T> result;
    try {
      try {
        result = lister.listAll(version);
      } catch (SourceException e) {
        if (version.isEmpty() || !SourceCalls.needsFreshList(e)) {
          throw e;
        }
        log.info("informer {}: listing at resourceVersion '{}' failed ({}); listing the latest state instead", name, version, e.getMessage());
        synchronized (lock) {
          lastVersionUnavailable = true;
        }
        result = lister.listAll("");
      }
    } catch (SourceException e) {
      if (!isStopped()) {
        fail(e, Next.RELIST);
      }
      return;
    }
    synchronized (lock) {
      if (stopped) {
        return;
      }
      applyListLocked(new Delta.ReplaceAll<>(result.objects(), result.resourceVersion(), result.unreadable()));
    }
    openWatch(false);
  }

  private String relistResourceVersion() {
    synchronized (lock) {
      if (lastVersionUnavailable) {
        return "";
      }
      return lastSyncResourceVersion.isEmpty() ? "0" : lastSyncResourceVersion;
    }
  }

  /** Must hold the lock. Hands a complete list to the processor and records its version. */
  void applyListLocked(Delta.ReplaceAll<T> list) {
    processor.enqueue(list);
    healer.settledAll();
    lastSyncResourceVersion = list.resourceVersion();
    lastVersionUnavailable = false;
    if (listedOnce) {
      counters.relists.increment();
    }
    listedOnce = true;
    state.listProgress().end();
    state.listCompleted();
    succeeded();
  }

  /** Returns whether objects left stale by a watch event are re-read by key. */
  boolean rereadsStale() {
    return settings.rereadStale();
  }

  /** Applies a re-read stale object, unless a readable state of its key arrived meanwhile. */
  private void healed(String key, T object) {
    synchronized (lock) {
      if (!stopped && healer.claim(key)) {
        processor.enqueue(new Delta.Upsert<>(object));
      }
    }
  }

  /** Must hold the lock. Records a successful attempt: a list applied, or a watch that stayed open. */
  void succeeded() {
    state.succeeded();
    failureLog.succeeded(source.description());
  }

  // ---- watching -------------------------------------------------------------------------------

  private void openWatch(boolean watchList) {
    WatchSession<T> session;
    synchronized (lock) {
      if (stopped) {
        return;
      }
      String from = watchList && lastVersionUnavailable ? "" : lastSyncResourceVersion;
      session = new WatchSession<>(this, ++generation, from, watchList, randomWatchTimeout(), runtime.clock().nanoTime());
    }
    if (watchList) {
      if (!state.moveTo(InformerState.LISTING)) {
        return;
      }
      state.listProgress().begin();
    }
    WatchRequest request = watchList
        ? new WatchRequest(settings.selection(), session.from, ResourceVersionMatch.NOT_OLDER_THAN, true, true, session.timeout)
        : WatchRequest.from(settings.selection(), session.from).withTimeout(session.timeout);
    WatchHandle handle;
    try {
      handle = watchdog.guard("opening the watch of " + source.description(),
          () -> SourceCalls.call(source, () -> source.watch(request, session)));
    } catch (SourceException e) {
      if (isStopped()) {
        return;
      }
      if (watchList) {
        watchListFailed(e);
      } else {
        fail(e, SourceCalls.rewatchable(e) ? Next.REWATCH : Next.RELIST);
      }
      return;
    }
    counters.watches.increment();
    synchronized (lock) {
      if (session.generation == generation) {
        currentWatch = handle;
        session.lastActivityNanos = runtime.clock().nanoTime();
        cancel(watchTimer);
        watchTimer = session.initial ? schedule(settings.watchListTimeout(), () -> tick(session)) : scheduleTickLocked(session);
        healthyTimer = session.initial ? null : schedule(VERY_SHORT_WATCH, () -> confirmHealthy(session));
        handle = null;
      }
    }
    if (handle != null) {
      close(handle);
      return;
    }
    if (!watchList) {
      state.moveTo(InformerState.WATCHING);
    }
  }

  /** A watch that stayed open past the very-short limit is a success, even when the source is quiet. */
  private void confirmHealthy(WatchSession<T> session) {
    synchronized (lock) {
      if (session.generation == generation && !stopped) {
        succeeded();
      }
    }
  }

  private Duration randomWatchTimeout() {
    long min = settings.minWatchTimeout().toNanos();
    return Duration.ofNanos(min + (long) (min * settings.random().getAsDouble()));
  }

  /**
   * Must hold the lock. Schedules the session's next check: its progress request half-way through
   * the idle timeout, its idle deadline, or its overall deadline (its timeout plus a grace, in case
   * the source ignores the timeout), whichever comes first.
   */
  Scheduler.Cancellable scheduleTickLocked(WatchSession<T> session) {
    long now = runtime.clock().nanoTime();
    long idle = settings.watchIdleTimeout().toNanos();
    long quiet = now - session.lastActivityNanos;
    long untilIdleCheck = (session.progressRequested ? idle : idle / 2) - quiet;
    long untilDeadline = session.startNanos + session.timeout.plus(WATCH_TIMEOUT_GRACE).toNanos() - now;
    return schedule(Duration.ofNanos(Math.max(0, Math.min(untilIdleCheck, untilDeadline))), () -> tick(session));
  }

  /** Checks a session's liveness; see {@link #scheduleTickLocked} and the watch-list timeout. */
  private void tick(WatchSession<T> session) {
    WatchHandle probe = null;
    String fallback = null;
    SourceException end = null;
    boolean rotate = false;
    synchronized (lock) {
      if (session.generation != generation || stopped) {
        return;
      }
      long now = runtime.clock().nanoTime();
      long quiet = now - session.lastActivityNanos;
      if (session.initial) {
        long limit = settings.watchListTimeout().toNanos();
        if (quiet >= limit) {
          fallback = "no initial event and no initial-events-end bookmark for " + settings.watchListTimeout()
              + " after " + session.initialEvents.size() + " initial objects";
        } else {
          watchTimer = schedule(Duration.ofNanos(limit - quiet), () -> tick(session));
        }
      } else if (now - session.startNanos >= session.timeout.plus(WATCH_TIMEOUT_GRACE).toNanos()) {
        rotate = true;
      } else if (quiet >= settings.watchIdleTimeout().toNanos()) {
        counters.idleTimeouts.increment();
        if (session.progressAnswerable) {
          end = new TransientSourceException("the watch of " + source.description() + " delivered nothing for "
              + settings.watchIdleTimeout() + ", not even after a progress request; the connection is presumed dead",
              TransientSourceException.Reason.IDLE);
        } else {
          rotate = true;
        }
      } else {
        if (quiet >= settings.watchIdleTimeout().toNanos() / 2 && !session.progressRequested) {
          session.progressRequested = true;
          probe = currentWatch;
        }
        watchTimer = scheduleTickLocked(session);
      }
    }
    if (probe != null && probe.requestProgress()) {
      synchronized (lock) {
        session.progressAnswerable = true;
      }
    }
    if (fallback != null) {
      watchListTimedOut(session, fallback);
    } else if (rotate || end != null) {
      endWatch(session, end);
    }
  }

  private void watchListTimedOut(WatchSession<T> session, String reason) {
    WatchHandle watch;
    synchronized (lock) {
      if (session.generation != generation || stopped) {
        return;
      }
      generation++;
      watch = detachWatchLocked();
    }
    close(watch);
    giveUpWatchList(reason);
  }

  /** Turns watch-list off for good, tells the source, and lists instead. */
  private void giveUpWatchList(String reason) {
    synchronized (lock) {
      watchListUnsupported = true;
    }
    counters.watchListFallbacks.increment();
    log.warn("informer {}: watch-list is unusable on {} ({}); listing instead from now on", name, source.description(), reason);
    try {
      source.watchListUnavailable(reason);
    } catch (RuntimeException e) {
      log.debug("informer {}: the source failed to take note that watch-list is unusable", name, e);
    }
    blocking.run(this::listThenWatch);
  }

  private void watchListFailed(SourceException e) {
    if (e instanceof InvalidRequestException) {
      giveUpWatchList("the source rejected it: " + e.getMessage());
    } else if (SourceCalls.rewatchable(e)) {
      fail(e, Next.RELIST);
    } else if (SourceCalls.needsFreshList(e)) {
      synchronized (lock) {
        lastVersionUnavailable = true;
      }
      fail(e, Next.RELIST);
    } else {
      log.debug("informer {}: watch-list failed ({}); listing instead for this attempt", name, e.getMessage());
      blocking.run(this::listThenWatch);
    }
  }

  /** Ends the session's watch (if it is still the current one) and decides what comes next. */
  void endWatch(WatchSession<T> session, SourceException error) {
    WatchHandle watch;
    synchronized (lock) {
      if (session.generation != generation || stopped) {
        return;
      }
      generation++;
      watch = detachWatchLocked();
    }
    close(watch);
    if (session.initial) {
      watchListFailed(error != null ? error
          : new SourceException("the watch-list stream ended before its initial-events-end bookmark"));
    } else if (SourceCalls.endedNormally(error)) {
      long lasted = runtime.clock().nanoTime() - session.startNanos;
      if (session.events == 0 && lasted < VERY_SHORT_WATCH.toNanos()) {
        fail(new SourceException("very short watch: the watch of " + source.description()
            + " closed within a second without any event"), Next.RELIST);
      } else {
        blocking.run(() -> openWatch(false));
      }
    } else {
      fail(error, SourceCalls.rewatchable(error) ? Next.REWATCH : Next.RELIST);
    }
  }

  /** Must hold the lock. Cancels the watch's timers and returns its handle for closing outside the lock. */
  private WatchHandle detachWatchLocked() {
    cancel(watchTimer);
    watchTimer = null;
    cancel(healthyTimer);
    healthyTimer = null;
    WatchHandle handle = currentWatch;
    currentWatch = null;
    return handle;
  }

  /** Closes a watch handle, never under the lock (a source may call back while closing). */
  private void close(WatchHandle handle) {
    if (handle == null) {
      return;
    }
    try {
      handle.close();
    } catch (RuntimeException e) {
      log.debug("informer {}: closing a watch failed", name, e);
    }
  }

  // ---- failures -------------------------------------------------------------------------------

  private void fail(SourceException error, Next next) {
    state.listProgress().end();
    counters.errors.increment();
    int failures = state.failed(error);
    if (error instanceof ExpiredException) {
      log.info("informer {}: {} ({}); relisting", name, error.getMessage(), error.getClass().getSimpleName());
    } else {
      failureLog.failed(source.description(), error);
    }
    try {
      settings.watchErrorHandler().accept(error);
    } catch (RuntimeException e) {
      log.warn("informer {}: the watch error handler threw", name, e);
    }
    if (!settings.retryPolicy().shouldRetry(error, processor.synced().isDone(), failures)) {
      giveUp.accept(error);
      return;
    }
    if (!state.moveTo(InformerState.BACKOFF)) {
      return;
    }
    Duration delay = SourceCalls.refused(error) ? reconnectBackoff.next() : backoff.next();
    if (error instanceof TooManyRequestsException throttled && throttled.retryAfter() != null
        && throttled.retryAfter().compareTo(delay) > 0) {
      delay = throttled.retryAfter();
    }
    Runnable retry = next == Next.RELIST ? this::cycle : () -> openWatch(false);
    Duration wait = delay;
    synchronized (lock) {
      if (!stopped) {
        cancel(retryTimer);
        retryTimer = schedule(wait, () -> blocking.run(retry));
      }
    }
  }

  // ---- plumbing -------------------------------------------------------------------------------

  private boolean isStopped() {
    synchronized (lock) {
      return stopped;
    }
  }

  /** Schedules on the runtime's timer; a closed runtime fails the informer instead. */
  private Scheduler.Cancellable schedule(Duration delay, Runnable task) {
    try {
      return runtime.scheduler().schedule(delay, task);
    } catch (RejectedExecutionException e) {
      giveUp.accept(new IllegalStateException("the informer runtime " + runtime.name() + " is closed", e));
      return null;
    }
  }

  static void cancel(Scheduler.Cancellable timer) {
    if (timer != null) {
      timer.cancel();
    }
  }
}

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
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import io.informer4j.time.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the event processor fed from the source, with client-go's 2026 semantics:
 * <ul>
 *   <li>watch-list first when enabled (sendInitialEvents; the initial state is buffered, transformed,
 *       until the {@code initial-events-end} bookmark, then replaces the cache and the same stream
 *       continues), falling back to listing on any error other than throttling, refused connections
 *       and expired versions; a 422/400 rejection disables watch-list for this informer;
 *   <li>lists at {@code "0"} first, then at the last synced version, and at {@code ""} right after
 *       an expired or too-large version (see {@link PagedLister} for paging);
 *   <li>watches from the last synced version, with bookmarks and a random timeout in [min, 2 × min);
 *       a clean end or dropped connection re-watches at once; a watch that ends within a second
 *       with no event counts as a failure and relists; 429 and refused connections re-watch after
 *       backoff; any other failure (an expired version included) backs off and relists;
 *   <li>the synced version advances on every event, except that a watch started from {@code ""} or
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
  private static final Duration INITIAL_EVENTS_WARNING = Duration.ofSeconds(10);

  private enum Next { RELIST, REWATCH }

  private final String name;
  private final ListerWatcher<T> source;
  private final ObjectAdapter<T> adapter;
  private final ReflectorSettings settings;
  private final ObjectIntake<T> intake;
  private final PagedLister<T> lister;
  private final EventProcessor<T> processor;
  private final InformerRuntime runtime;
  private final BlockingRunner blocking;
  private final StateTracker state;
  private final InformerCounters counters;
  private final BackoffTimer backoff;
  private final Consumer<SourceException> giveUp;

  private final Object lock = new Object();
  private String lastSyncResourceVersion = "";
  private boolean lastVersionUnavailable;
  private boolean watchListUnsupported;
  private boolean listedOnce;
  private boolean stopped;
  private long generation;
  private WatchHandle currentWatch;
  private Scheduler.Cancellable watchTimer;
  private Scheduler.Cancellable healthyTimer;
  private Scheduler.Cancellable retryTimer;

  Reflector(String name, ListerWatcher<T> source, ObjectAdapter<T> adapter, ReflectorSettings settings,
            ObjectIntake<T> intake, EventProcessor<T> processor, InformerRuntime runtime, TaskTracker tracker,
            StateTracker state, InformerCounters counters, Consumer<SourceException> giveUp) {
    this.name = name;
    this.source = source;
    this.adapter = adapter;
    this.settings = settings;
    this.intake = intake;
    this.processor = processor;
    this.runtime = runtime;
    this.blocking = new BlockingRunner(runtime.io(), tracker);
    this.state = state;
    this.counters = counters;
    this.giveUp = giveUp;
    this.lister = new PagedLister<>(name, source, settings.selection(), settings.pageSize(), intake, counters.lists,
        state.listProgress());
    this.backoff = new BackoffTimer(settings.backoff(), runtime.clock(), settings.random());
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
      applyListLocked(result.objects(), result.resourceVersion());
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
  private void applyListLocked(java.util.List<T> objects, String resourceVersion) {
    processor.enqueue(new Delta.ReplaceAll<>(objects, resourceVersion));
    lastSyncResourceVersion = resourceVersion;
    lastVersionUnavailable = false;
    if (listedOnce) {
      counters.relists.increment();
    }
    listedOnce = true;
    state.listProgress().end();
    state.listCompleted();
    state.succeeded();
  }

  // ---- watching -------------------------------------------------------------------------------

  private void openWatch(boolean watchList) {
    Session session;
    synchronized (lock) {
      if (stopped) {
        return;
      }
      String from = watchList && lastVersionUnavailable ? "" : lastSyncResourceVersion;
      session = new Session(++generation, from, watchList, randomWatchTimeout(), runtime.clock().nanoTime());
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
      handle = SourceCalls.call(source, () -> source.watch(request, session));
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
        cancel(watchTimer);
        watchTimer = session.initial
            ? runtime.scheduler().schedule(INITIAL_EVENTS_WARNING, () -> warnWhileWaiting(session))
            : timeoutGuard(session);
        healthyTimer = session.initial ? null
            : runtime.scheduler().schedule(VERY_SHORT_WATCH, () -> confirmHealthy(session));
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
  private void confirmHealthy(Session session) {
    synchronized (lock) {
      if (session.generation == generation && !stopped) {
        state.succeeded();
      }
    }
  }

  /** Must hold the lock. Ends the watch ourselves if the source ignores its timeout. */
  private Scheduler.Cancellable timeoutGuard(Session session) {
    return runtime.scheduler().schedule(session.timeout.plus(WATCH_TIMEOUT_GRACE), () -> endWatch(session, null));
  }

  private Duration randomWatchTimeout() {
    long min = settings.minWatchTimeout().toNanos();
    return Duration.ofNanos(min + (long) (min * settings.random().getAsDouble()));
  }

  private void warnWhileWaiting(Session session) {
    synchronized (lock) {
      if (session.generation != generation || !session.initial) {
        return;
      }
      log.warn("informer {}: still waiting for the initial-events-end bookmark of the watch-list after {} initial objects",
          name, session.bufferedCount());
      watchTimer = runtime.scheduler().schedule(INITIAL_EVENTS_WARNING, () -> warnWhileWaiting(session));
    }
  }

  private void watchListFailed(SourceException e) {
    if (e instanceof InvalidRequestException) {
      synchronized (lock) {
        watchListUnsupported = true;
      }
      log.info("informer {}: the source rejected watch-list ({}); listing instead from now on", name, e.getMessage());
      blocking.run(this::listThenWatch);
    } else if (SourceCalls.rewatchable(e)) {
      fail(e, Next.RELIST);
    } else if (SourceCalls.needsFreshList(e)) {
      synchronized (lock) {
        lastVersionUnavailable = true;
      }
      fail(e, Next.RELIST);
    } else {
      log.warn("informer {}: watch-list failed ({}); listing instead for this attempt", name, e.getMessage());
      blocking.run(this::listThenWatch);
    }
  }

  /** Ends the session's watch (if it is still the current one) and decides what comes next. */
  private void endWatch(Session session, SourceException error) {
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
      fail(error, error instanceof TooManyRequestsException ? Next.REWATCH : Next.RELIST);
    }
  }

  /** Must hold the lock. Cancels the watch's timer and returns its handle for closing outside the lock. */
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
    int failures = state.failed(error.getMessage());
    if (error instanceof ExpiredException) {
      log.info("informer {}: {} ({}); relisting", name, error.getMessage(), error.getClass().getSimpleName());
    } else {
      log.warn("informer {}: {} failed ({} in a row): {}", name, source.description(), failures, error.toString());
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
    Duration delay = backoff.next();
    if (error instanceof TooManyRequestsException throttled && throttled.retryAfter() != null
        && throttled.retryAfter().compareTo(delay) > 0) {
      delay = throttled.retryAfter();
    }
    Runnable retry = next == Next.RELIST ? this::cycle : () -> openWatch(false);
    synchronized (lock) {
      if (!stopped) {
        cancel(retryTimer);
        retryTimer = runtime.scheduler().schedule(delay, () -> blocking.run(retry));
      }
    }
  }

  // ---- plumbing -------------------------------------------------------------------------------

  private boolean isStopped() {
    synchronized (lock) {
      return stopped;
    }
  }

  private static void cancel(Scheduler.Cancellable timer) {
    if (timer != null) {
      timer.cancel();
    }
  }

  /** The listener of one watch; ignores everything once it is no longer the current watch. */
  private final class Session implements WatchListener<T> {
    final long generation;
    final String from;
    final Duration timeout;
    final long startNanos;
    boolean initial;
    /** The initial state so far, in arrival order; repeated keys are settled by the cache's replace. */
    List<T> buffered;
    /** The initial state by key, used instead of {@link #buffered} once an initial event deletes. */
    Map<String, T> bufferedByKey;
    boolean versionFrozen;
    long events;

    Session(long generation, String from, boolean watchList, Duration timeout, long startNanos) {
      this.generation = generation;
      this.from = from;
      this.timeout = timeout;
      this.startNanos = startNanos;
      this.initial = watchList;
      this.buffered = watchList ? new ArrayList<>() : null;
      this.versionFrozen = !watchList && (from.isEmpty() || "0".equals(from));
    }

    @Override
    public void onEvent(WatchEvent<T> event) {
      SourceException streamError;
      synchronized (lock) {
        if (generation != Reflector.this.generation || stopped) {
          return;
        }
        events++;
        counters.events.increment();
        state.eventReceived();
        streamError = event.type() == WatchEventType.ERROR ? event.error() : null;
        if (streamError == null) {
          handle(event);
        }
      }
      if (streamError != null) {
        endWatch(this, streamError);
      }
    }

    /** Must hold the lock. */
    private void handle(WatchEvent<T> event) {
      if (event.type() == WatchEventType.BOOKMARK) {
        bookmark(event);
        return;
      }
      if (initial) {
        state.listProgress().received();
      }
      T object = intake.admit(event.object());
      if (object == null) {
        return;
      }
      if (initial) {
        buffer(event.type(), object);
        return;
      }
      processor.enqueue(event.type() == WatchEventType.DELETED ? new Delta.Remove<>(object) : new Delta.Upsert<>(object));
      if (versionFrozen && event.type() != WatchEventType.ADDED) {
        versionFrozen = false;
      }
      String version = event.resourceVersion() != null ? event.resourceVersion() : adapter.resourceVersion(object);
      if (!versionFrozen && version != null && !version.isEmpty()) {
        lastSyncResourceVersion = version;
      }
      state.succeeded();
    }

    /**
     * Adds one initial event to the initial state: appended while only additions came (the common
     * case, no key computed); from the first deletion on, kept by key. Must hold the lock.
     */
    private void buffer(WatchEventType type, T object) {
      if (bufferedByKey == null && type != WatchEventType.DELETED) {
        buffered.add(object);
        return;
      }
      if (bufferedByKey == null) {
        bufferedByKey = new LinkedHashMap<>();
        for (T earlier : buffered) {
          bufferedByKey.put(adapter.key(earlier), earlier);
        }
        buffered = null;
      }
      if (type == WatchEventType.DELETED) {
        bufferedByKey.remove(adapter.key(object));
      } else {
        bufferedByKey.put(adapter.key(object), object);
      }
    }

    /** Returns how many objects the initial state holds so far. Must hold the lock. */
    int bufferedCount() {
      return bufferedByKey == null ? buffered.size() : bufferedByKey.size();
    }

    /** Must hold the lock. */
    private void bookmark(WatchEvent<T> event) {
      if (initial) {
        if (event.initialEventsEnd()) {
          initial = false;
          counters.lists.increment();
          applyListLocked(bufferedByKey == null ? buffered : new ArrayList<>(bufferedByKey.values()),
              event.resourceVersion());
          buffered = null;
          bufferedByKey = null;
          cancel(watchTimer);
          watchTimer = timeoutGuard(this);
          state.moveTo(InformerState.WATCHING);
        }
        return;
      }
      processor.enqueue(new Delta.Bookmark<>(event.resourceVersion()));
      lastSyncResourceVersion = event.resourceVersion();
      versionFrozen = false;
      state.succeeded();
    }

    @Override
    public void onMalformed(MalformedObjectException problem) {
      intake.reject(problem);
    }

    @Override
    public void onClose(SourceException error) {
      endWatch(this, error);
    }
  }
}

package io.informer4j.etcd.internal;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchResponse;
import io.informer4j.etcd.KeyLayout;
import io.informer4j.source.InvalidRequestException;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.ResourceVersionMatch;
import io.informer4j.source.SourceException;
import io.informer4j.source.TooLargeResourceVersionException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import io.informer4j.time.Scheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One open watch of a key range: an etcd watch from revision + 1 with previous values and progress
 * notifications, optionally preceded by the current state (synthetic ADDED events for a watch from
 * {@code ""} or {@code "0"}; for a watch-list, ending with an initialEventsEnd bookmark).
 *
 * <p>{@link #open} blocks until etcd created the watch. Events then arrive on jetcd's threads
 * through a {@link SerialDelivery}; the initial state is streamed from the backend's initial-state
 * pool before them. The watch ends with {@code onClose}: cleanly on its timeout or a completed
 * stream, with an expired error on compaction, with a lost connection when the stream breaks.
 *
 * <p>Progress: etcd's progress notifications become bookmarks (when bookmarks are allowed) at the
 * notified revision, never behind the last event sent. {@link #requestProgress()} asks etcd for one
 * on demand, when {@link ProgressSupport} allows it; the informer calls it on a watch that has been
 * quiet for half its idle timeout, so a quiet but healthy watch shows it is alive.
 *
 * <p>Thread-safe.
 *
 * @param <T> the object type
 */
public final class EtcdWatch<T> implements WatchHandle {

  private static final Logger log = LoggerFactory.getLogger(EtcdWatch.class);

  private final WatchContext<T> context;
  private final WatchRequest request;
  private final String name;
  private final SerialDelivery<T> delivery;
  private final EventTranslator<T> translator;
  private final CompletableFuture<Long> created = new CompletableFuture<>();
  private final AtomicBoolean finished = new AtomicBoolean();
  private final EventTranslator.Output<T> output = new Output();
  private final boolean previousFromServer;
  private final PreviousValues previousValues;
  private volatile Watch.Watcher watcher;
  private volatile boolean progressRequests;
  private volatile Scheduler.Cancellable timeout;
  private boolean foreignKeyReported;
  private long lastRevision;
  private CompletableFuture<Void> pending = CompletableFuture.completedFuture(null);

  private EtcdWatch(WatchContext<T> context, WatchRequest request, WatchListener<T> listener, boolean initial) {
    this.context = context;
    this.request = request;
    this.name = "watch of " + context.lister().describe(request.selection());
    this.delivery = new SerialDelivery<>(listener, name, initial);
    this.translator = new EventTranslator<>(context.decoder(), request.selection());
    this.previousFromServer = ObjectDecoder.filtersObjects(request.selection());
    this.previousValues = new PreviousValues(context.kvClient(), context.requestTimeout());
  }

  /**
   * Opens a watch; see {@link io.informer4j.source.ListerWatcher#watch}.
   *
   * @throws SourceException if etcd cannot be reached, refuses the watch or the request is invalid
   */
  public static <T> EtcdWatch<T> open(WatchContext<T> context, WatchRequest request, WatchListener<T> listener) {
    if (request.sendInitialEvents()
        && (request.match() != ResourceVersionMatch.NOT_OLDER_THAN || !request.allowBookmarks())) {
      throw new InvalidRequestException("sendInitialEvents needs resourceVersionMatch NOT_OLDER_THAN and bookmarks", 422);
    }
    String version = request.resourceVersion();
    boolean initial = request.sendInitialEvents() || version.isEmpty() || "0".equals(version);
    EtcdWatch<T> watch = new EtcdWatch<>(context, request, listener, initial);
    watch.start(initial);
    return watch;
  }

  private void start(boolean initial) {
    byte[] start = context.lister().rangeStart(request.selection());
    byte[] end = KeyLayout.rangeEnd(start);
    InitialState<T> state = null;
    long from;
    if (initial) {
      state = new InitialState<>();
      ListPage first = context.lister().scan(request.selection(), start, end,
          Revisions.forInitialState(request.resourceVersion()), context.chunkSize(), state);
      state.firstPage = first;
      from = Long.parseLong(first.resourceVersion());
    } else {
      from = Revisions.parse(request.resourceVersion());
    }
    synchronized (this) {
      lastRevision = from;
    }
    progressRequests = request.allowBookmarks() && context.progress().requestsAllowed();
    long current = create(start, end, from);
    if (from > current) {
      close();
      throw new TooLargeResourceVersionException(name + ": resourceVersion " + from + " is newer than etcd's revision "
          + current);
    }
    scheduleTimeout();
    if (state != null) {
      InitialState<T> initialState = state;
      context.threads().initialStates().execute(() -> streamInitialState(initialState, from));
    }
  }

  /** Creates the etcd watch from {@code from + 1}; returns etcd's revision at creation. */
  private long create(byte[] start, byte[] end, long from) {
    WatchOption option = WatchOption.builder()
        .withRange(ByteSequence.from(end))
        .withRevision(from + 1)
        .withPrevKV(previousFromServer)
        .withProgressNotify(request.allowBookmarks())
        .withCreateNotify(true)
        .build();
    try {
      watcher = context.watchClient().watch(ByteSequence.from(start), option, new JetcdListener());
    } catch (RuntimeException e) {
      throw EtcdErrors.classify(name, e, true);
    }
    try {
      return created.get(context.requestTimeout().toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      close();
      Thread.currentThread().interrupt();
      throw new SourceException(name + " was interrupted while opening", 0, e);
    } catch (TimeoutException e) {
      close();
      throw new TransientSourceException(name + ": etcd did not accept the watch within " + context.requestTimeout(),
          TransientSourceException.Reason.TIMEOUT, 504, e);
    } catch (ExecutionException e) {
      close();
      throw EtcdErrors.classify(name, e.getCause(), true);
    }
  }

  private void scheduleTimeout() {
    if (request.timeout() != null) {
      timeout = context.threads().timer().schedule(request.timeout(), () -> end(null));
      if (finished.get()) {
        cancelTimeout();
      }
    }
  }

  /**
   * Asks etcd for a progress notification on this watch's stream; its answer arrives as a BOOKMARK
   * after every event already sent. Sends nothing, and returns false, when bookmarks are not
   * allowed, the servers may answer out of order ({@link ProgressSupport}), or the watch is over.
   * Non-blocking; thread-safe.
   */
  @Override
  public boolean requestProgress() {
    Watch.Watcher current = watcher;
    if (!progressRequests || current == null || finished.get() || current.isClosed()) {
      return false;
    }
    current.requestProgress();
    return true;
  }

  /** Streams the initial state, on the initial-state pool, then lets the watch's events through. */
  private void streamInitialState(InitialState<T> state, long revision) {
    try {
      state.flushTo(delivery);
      ListPage page = state.firstPage;
      ListSink<T> direct = new DirectSink();
      while (page.hasMore() && !delivery.isOver()) {
        ListRequest next = ListRequest.of(request.selection(), "").withLimit(context.chunkSize())
            .continueWith(page.continueToken());
        page = context.lister().list(next, direct);
      }
      if (request.sendInitialEvents()) {
        delivery.deliverHeld(WatchEvent.bookmark(Long.toString(revision), true));
      }
      delivery.release();
    } catch (SourceException e) {
      stopWatcher();
      delivery.failHeld(e);
    } catch (RuntimeException e) {
      stopWatcher();
      delivery.failHeld(new SourceException(name + ": streaming the initial state failed: " + e, 0, e));
    }
  }

  /** Ends the watch from the backend side, telling the listener. */
  private void end(SourceException error) {
    if (!finished.compareAndSet(false, true)) {
      return;
    }
    cancelTimeout();
    stopWatcher();
    delivery.close(error);
  }

  /** Stops the watch; nothing more is delivered. Idempotent, non-blocking. */
  @Override
  public void close() {
    finished.set(true);
    delivery.cancel();
    cancelTimeout();
    stopWatcher();
  }

  private void stopWatcher() {
    Watch.Watcher current = watcher;
    if (current != null) {
      try {
        current.close();
      } catch (RuntimeException e) {
        log.debug("{}: closing the etcd watcher failed", name, e);
      }
    }
  }

  private void cancelTimeout() {
    Scheduler.Cancellable timer = timeout;
    if (timer != null) {
      timer.cancel();
    }
  }

  private void onResponse(WatchResponse response) {
    if (response.isCreatedNotify()) {
      created.complete(response.getHeader().getRevision());
      return;
    }
    if (finished.get()) {
      return;
    }
    synchronized (this) {
      boolean needsPrevious = !previousFromServer && PreviousValues.anyDelete(response.getEvents());
      if (pending.isDone() && !needsPrevious) {
        process(response, null);
        return;
      }
      pending = pending
          .thenCompose(done -> needsPrevious ? previousValues.of(response.getEvents())
              : CompletableFuture.completedFuture((io.etcd.jetcd.KeyValue[]) null))
          .thenAccept(previous -> process(response, previous))
          .exceptionally(error -> {
            end(EtcdErrors.classify(name + " (reading the previous value of a deleted key)", error, false));
            return null;
          });
    }
  }

  /**
   * Translates one response in order; {@code previous} holds the previous values read for its
   * deletes when etcd did not send them.
   */
  private synchronized void process(WatchResponse response, io.etcd.jetcd.KeyValue[] previous) {
    if (finished.get()) {
      return;
    }
    if (response.isProgressNotify()) {
      progressed(response.getHeader().getRevision());
      return;
    }
    List<io.etcd.jetcd.watch.WatchEvent> events = response.getEvents();
    for (int i = 0; i < events.size(); i++) {
      io.etcd.jetcd.watch.WatchEvent event = events.get(i);
      switch (event.getEventType()) {
        case PUT -> translator.put(event.getKeyValue(), event.getPrevKV(), output);
        case DELETE -> translator.delete(event.getKeyValue(), previous != null ? previous[i] : event.getPrevKV(), output);
        default -> output.malformed(new MalformedObjectException(name + ": unrecognized etcd event type for key '"
            + event.getKeyValue().getKey() + "'", null));
      }
      advance(event.getKeyValue().getModRevision());
    }
  }

  private synchronized void advance(long revision) {
    lastRevision = Math.max(lastRevision, revision);
  }

  /**
   * A progress notification: everything up to {@code revision} was sent. Becomes a bookmark, also at
   * the last revision (a quiet etcd answers a progress request with the revision the watch is at,
   * which still shows the watch alive); one behind the last event is dropped. Must hold the lock.
   */
  private void progressed(long revision) {
    if (!request.allowBookmarks() || revision < lastRevision) {
      return;
    }
    lastRevision = revision;
    delivery.event(WatchEvent.bookmark(Long.toString(revision), false));
  }

  /**
   * Receives jetcd's callbacks for this watch. A watch that fails before etcd created it is over for
   * good ({@link #open} throws), so the listener hears nothing of it, not even the
   * {@code onCompleted} jetcd calls when the failed watcher is closed.
   */
  private final class JetcdListener implements Watch.Listener {
    @Override
    public void onNext(WatchResponse response) {
      onResponse(response);
    }

    @Override
    public void onError(Throwable error) {
      if (created.completeExceptionally(EtcdErrors.classify(name, error, true))) {
        close();
        return;
      }
      end(EtcdErrors.classify(name, error, false));
    }

    @Override
    public void onCompleted() {
      if (created.completeExceptionally(new TransientSourceException(name + ": the stream ended before etcd created the watch",
          TransientSourceException.Reason.CONNECTION_LOST))) {
        close();
        return;
      }
      end(null);
    }
  }

  /** Sends translated events to the delivery. */
  private final class Output implements EventTranslator.Output<T> {
    @Override
    public void event(WatchEvent<T> event) {
      delivery.event(event);
    }

    @Override
    public void malformed(MalformedObjectException problem) {
      delivery.malformed(problem);
    }

    /** Logs the first such key of the watch as a warning, later ones at debug level. Called under the watch's lock. */
    @Override
    public void foreignKey(String storageKey) {
      if (foreignKeyReported) {
        log.debug("{}: ignored a change of etcd key '{}', not of the shape {}", name, storageKey, context.decoder().layout());
        return;
      }
      foreignKeyReported = true;
      log.warn("{}: ignored a change of etcd key '{}', not of the shape {} (it cannot be an object of the type;"
          + " further such keys of this watch are logged at debug level)", name, storageKey, context.decoder().layout());
    }

    @Override
    public void relist(String reason) {
      log.info("{}: {}", name, reason);
      end(new SourceException(name + ": " + reason));
    }
  }

  /** Delivers list items as ADDED events while the delivery is held. */
  private final class DirectSink implements ListSink<T> {
    @Override
    public void accept(T item) {
      delivery.deliverHeld(WatchEvent.added(item));
    }

    @Override
    public void malformed(MalformedObjectException problem) {
      delivery.malformedHeld(problem);
    }
  }

  /** The first page of the initial state, read before the watch opened. */
  private static final class InitialState<T> implements ListSink<T> {
    private final List<T> items = new ArrayList<>();
    private final List<MalformedObjectException> problems = new ArrayList<>();
    ListPage firstPage;

    @Override
    public void accept(T item) {
      items.add(item);
    }

    @Override
    public void malformed(MalformedObjectException problem) {
      problems.add(problem);
    }

    void flushTo(SerialDelivery<T> delivery) {
      problems.forEach(delivery::malformedHeld);
      items.forEach(item -> delivery.deliverHeld(WatchEvent.added(item)));
      items.clear();
    }
  }
}

package io.informer4j.informer.internal;

import io.informer4j.cache.IndexFunction;
import io.informer4j.cache.Indexer;
import io.informer4j.cache.ThreadSafeIndexer;
import io.informer4j.informer.EventHandler;
import io.informer4j.informer.HandlerOptions;
import io.informer4j.informer.HandlerRegistration;
import io.informer4j.informer.InformerFailedException;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.InformerState;
import io.informer4j.informer.InformerStatus;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.source.Redaction;
import io.informer4j.time.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link SharedIndexInformer}: a {@link Reflector} feeding an {@link EventProcessor} that keeps a
 * {@link ThreadSafeIndexer} and notifies {@link HandlerLane}s, all on an {@link InformerRuntime}.
 * Thread-safe.
 *
 * @param <T> the object type
 */
public final class DefaultSharedIndexInformer<T> implements SharedIndexInformer<T> {

  private static final Logger log = LoggerFactory.getLogger(DefaultSharedIndexInformer.class);

  private final String name;
  private final InformerRuntime runtime;
  private final StallMonitor stallMonitor;
  private final boolean ownsRuntime;
  private final ThreadSafeIndexer<T> store;
  private final TaskTracker tracker = new TaskTracker();
  private final InformerCounters counters = new InformerCounters();
  private final StateTracker state;
  private final EventProcessor<T> processor;
  private final Reflector<T> reflector;
  private final Duration defaultResync;
  private final ObjectAdapter<T> adapter;
  private final CompletableFuture<Void> stopped = new CompletableFuture<>();
  private final Object lifecycle = new Object();
  /** The handlers, readable without waiting for the processor (which a frozen cache holds up). */
  private final List<HandlerLane<T>> registrations = new CopyOnWriteArrayList<>();
  private Duration resyncCheckPeriod;
  private Scheduler.Cancellable resyncTimer;
  private long resyncGeneration;
  private boolean started;
  private boolean shutDown;

  /** Builds the informer; use {@link SharedIndexInformer#builder} rather than this constructor. */
  public DefaultSharedIndexInformer(InformerConfig<T> config) {
    this.name = config.name();
    this.ownsRuntime = config.ownsRuntime();
    this.runtime = config.runtime();
    this.stallMonitor = config.stallMonitor();
    this.state = new StateTracker(name, runtime.clock());
    this.store = new ThreadSafeIndexer<>(config.adapter(), "informer " + name, config.indexers());
    this.processor = new EventProcessor<>(store, config.adapter(), runtime.cache(), tracker, runtime.clock(),
        this::failInternally);
    ObjectIntake<T> intake = new ObjectIntake<>(name, config.adapter(), config.transform(), config.compactObjects(),
        counters, new ThrottledWarning(log, runtime.clock()));
    this.reflector = new Reflector<>(name, config.source(), config.adapter(), config.reflector(), intake, processor,
        runtime, tracker, state, counters, this::giveUp);
    this.defaultResync = config.defaultResync();
    this.adapter = config.adapter();
    this.resyncCheckPeriod = config.defaultResync();
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public HandlerRegistration addEventHandler(EventHandler<T> handler, HandlerOptions options) {
    Objects.requireNonNull(handler, "handler");
    Objects.requireNonNull(options, "options");
    synchronized (lifecycle) {
      if (shutDown) {
        throw new IllegalStateException("informer " + name + " has stopped; cannot add handler '" + options.name() + "'");
      }
      HandlerOptions effective = effectiveOptions(options);
      HandlerLane<T> lane = new HandlerLane<>(name, handler, effective, runtime.dispatch(), tracker, runtime.clock(),
          counters.handlerFailures, adapter::key, runtime.handlerBacklogLimit());
      synchronized (processor.processingLock()) {
        processor.addLane(lane, started);
      }
      registrations.add(lane);
      stallMonitor.register(lane);
      return lane;
    }
  }

  /**
   * Must hold the lifecycle lock. Resolves the handler's resync period (the informer's default unless
   * the options set one) and makes the resync check period no longer than it: before start by
   * lowering the initial check period (as client-go does), after start by re-arming the check timer
   * at the shorter period (where client-go would refuse or raise the handler's period).
   */
  private HandlerOptions effectiveOptions(HandlerOptions options) {
    HandlerOptions resolved = options.resyncPeriod() == null ? options.withResync(defaultResync) : options;
    Duration period = resolved.resyncPeriod();
    if (period.isZero() || (!resyncCheckPeriod.isZero() && period.compareTo(resyncCheckPeriod) >= 0)) {
      return resolved;
    }
    resyncCheckPeriod = period;
    if (started) {
      if (resyncTimer != null) {
        resyncTimer.cancel();
      }
      log.debug("informer {}: handler '{}' resyncs every {}; checking that often from now on", name,
          resolved.name(), period);
      scheduleResyncLocked();
    }
    return resolved;
  }

  @Override
  public void removeEventHandler(HandlerRegistration registration) {
    HandlerLane<T> lane = lane(registration);
    lane.markRemoved();
    registrations.remove(lane);
    synchronized (processor.processingLock()) {
      processor.removeLane(lane);
    }
    stallMonitor.unregister(lane);
  }

  @Override
  public boolean removeEventHandlerAndWait(HandlerRegistration registration, Duration timeout) throws InterruptedException {
    HandlerLane<T> lane = lane(registration);
    if (lane.isDeliveringOnCurrentThread()) {
      throw new IllegalStateException(lane + " cannot wait for its own removal from inside its handler");
    }
    removeEventHandler(lane);
    return awaitQuietly(lane.finished(), timeout);
  }

  @SuppressWarnings("unchecked")
  private HandlerLane<T> lane(HandlerRegistration registration) {
    if (!(registration instanceof HandlerLane<?> lane)) {
      throw new IllegalArgumentException("not a registration of informer " + name + ": " + registration);
    }
    return (HandlerLane<T>) lane;
  }

  @Override
  public List<HandlerRegistration> handlers() {
    return List.copyOf(registrations);
  }

  @Override
  public Indexer<T> indexer() {
    return store;
  }

  @Override
  public void addIndexers(Map<String, IndexFunction<T>> indexers) {
    store.addIndexers(indexers);
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException also when the informer's runtime is closed; the informer is then
   *     FAILED and {@link #stopped()} completes exceptionally
   */
  @Override
  public void start() {
    synchronized (lifecycle) {
      if (started || shutDown) {
        throw new IllegalStateException("informer " + name + (shutDown ? " has stopped" : " is already started"));
      }
      if (runtime.isStopped()) {
        IllegalStateException closed = new IllegalStateException("informer " + name + " cannot start: its runtime "
            + runtime.name() + " is closed");
        started = true;
        giveUp(closed);
        throw closed;
      }
      started = true;
      state.moveTo(InformerState.STARTING);
      scheduleResyncLocked();
    }
    reflector.start();
  }

  /** Must hold the lifecycle lock. Arms the check timer; a timer armed earlier stops re-arming itself. */
  private void scheduleResyncLocked() {
    long generation = ++resyncGeneration;
    if (!resyncCheckPeriod.isZero() && !shutDown) {
      resyncTimer = runtime.scheduler().schedule(resyncCheckPeriod, () -> resyncTick(generation));
    }
  }

  private void resyncTick(long generation) {
    long now = runtime.clock().nanoTime();
    List<HandlerLane<T>> due = new ArrayList<>();
    for (HandlerLane<T> lane : registrations) {
      if (lane.takeResyncIfDue(now)) {
        due.add(lane);
      }
    }
    if (!due.isEmpty()) {
      processor.enqueue(new Delta.SyncAll<>(due));
    }
    synchronized (lifecycle) {
      if (generation == resyncGeneration) {
        scheduleResyncLocked();
      }
    }
  }

  @Override
  public void stop() {
    if (state.moveTo(InformerState.STOPPED)) {
      shutDown(null);
    }
  }

  /** Fails the informer: FAILED, its status's last error the cause, stopped() completed with it. */
  private void giveUp(Throwable failure) {
    Throwable cause = Redaction.redact(failure);
    if (state.moveTo(InformerState.FAILED)) {
      state.failedWith(cause.getMessage() != null ? cause.getMessage() : cause.toString());
      log.error("informer {}: giving up: {}", name, Redaction.redact(cause.toString()), cause);
      shutDown(cause);
    }
  }

  private void failInternally(Throwable cause) {
    giveUp(new IllegalStateException("internal error while applying changes: " + cause, cause));
  }

  private void shutDown(Throwable cause) {
    synchronized (lifecycle) {
      if (shutDown) {
        return;
      }
      shutDown = true;
      state.ended(cause);
      if (resyncTimer != null) {
        resyncTimer.cancel();
      }
    }
    reflector.stop();
    processor.stop();
    registrations.forEach(lane -> {
      lane.markRemoved();
      stallMonitor.unregister(lane);
    });
    if (cause != null) {
      processor.synced().completeExceptionally(new InformerFailedException(name, cause));
    }
    tracker.closeThen(() -> {
      if (ownsRuntime) {
        runtime.stop();
      }
      if (cause == null) {
        stopped.complete(null);
      } else {
        stopped.completeExceptionally(new InformerFailedException(name, cause));
      }
    });
  }

  @Override
  public boolean stop(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    stop();
    boolean quiet = awaitQuietly(stopped, timeout);
    if (ownsRuntime) {
      quiet &= runtime.stop(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
    }
    return quiet;
  }

  private static boolean awaitQuietly(CompletableFuture<Void> future, Duration timeout) throws InterruptedException {
    try {
      future.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
      return true;
    } catch (ExecutionException e) {
      return true;
    } catch (TimeoutException e) {
      return false;
    }
  }

  @Override
  public boolean hasSynced() {
    CompletableFuture<Void> synced = processor.synced();
    return synced.isDone() && !synced.isCompletedExceptionally();
  }

  @Override
  public CompletableFuture<Void> synced() {
    return processor.synced();
  }

  @Override
  public boolean waitForCacheSync(Duration timeout) throws InterruptedException {
    try {
      processor.synced().get(timeout.toNanos(), TimeUnit.NANOSECONDS);
      return true;
    } catch (ExecutionException | TimeoutException e) {
      return false;
    }
  }

  @Override
  public CompletableFuture<Void> firstContact() {
    return state.firstContact().copy();
  }

  @Override
  public CompletableFuture<Void> stopped() {
    return stopped;
  }

  @Override
  public InformerState state() {
    return state.state();
  }

  @Override
  public String lastSyncResourceVersion() {
    return reflector.lastSyncResourceVersion();
  }

  @Override
  public InformerStatus status() {
    List<String> stuck = new ArrayList<>();
    for (HandlerRegistration handler : handlers()) {
      if (handler.isStuck()) {
        stuck.add(handler.name());
      }
    }
    StaleKeys stale = processor.stale();
    return new InformerStatus(name, state.state(), state.since(), hasSynced(), store.size(), lastSyncResourceVersion(),
        state.lastEventTime(), state.lastListTime(), state.consecutiveFailures(), state.failingSince(), state.lastError(),
        counters.lists.sum(), counters.relists.sum(), counters.watches.sum(), counters.events.sum(),
        counters.errors.sum(), counters.malformed.sum(), counters.compactionFailures.sum(), stale.count(), stale.sample(), counters.idleTimeouts.sum(),
        counters.watchListFallbacks.sum(), processor.lag(), counters.handlerFailures.sum(), stuck, store.indexErrors(),
        state.listProgress().snapshot());
  }

  @Override
  public String toString() {
    return "informer " + name + " (" + state.state() + ")";
  }
}

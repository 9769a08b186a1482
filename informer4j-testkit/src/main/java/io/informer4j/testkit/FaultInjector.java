package io.informer4j.testkit;

import io.informer4j.meta.TypeKey;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.SourceException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.WatchEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Injects the faults an informer must survive into a {@link SimulatedApi}: failed and refused
 * requests, latency, broken and cut watches, errors and malformed events inside watches, and
 * server restarts.
 *
 * <p>Thread-safe; every method may be called at any time, also while requests are in flight.
 * Request faults are a script: each {@code failNext…} call appends a rule, and a request consumes
 * the first rule that applies to it. The watch faults act on the watches open at the call and
 * return how many they reached. {@link #clear()} removes every standing fault.
 */
public final class FaultInjector {

  private static final Set<RecordedRequest.Verb> LISTS = EnumSet.of(RecordedRequest.Verb.LIST);
  private static final Set<RecordedRequest.Verb> WATCHES = EnumSet.of(RecordedRequest.Verb.WATCH);
  private static final Set<RecordedRequest.Verb> ALL = EnumSet.allOf(RecordedRequest.Verb.class);

  private final Storage storage;
  private final List<RequestFailureRule> script = new ArrayList<>();
  private volatile boolean refusing;
  private volatile Duration responseLatency = Duration.ZERO;
  private volatile Duration eventLatency = Duration.ZERO;
  private volatile int cutAfterEvents;

  FaultInjector(Storage storage) {
    this.storage = storage;
  }

  /** Makes the next {@code count} lists of any type fail with a fresh {@code error}. */
  public FaultInjector failNextLists(int count, Supplier<? extends SourceException> error) {
    return addRule(LISTS, null, count, error);
  }

  /** Makes the next {@code count} lists of {@code type} fail with a fresh {@code error}. */
  public FaultInjector failNextLists(TypeKey type, int count, Supplier<? extends SourceException> error) {
    return addRule(LISTS, Objects.requireNonNull(type, "type"), count, error);
  }

  /** Makes the next {@code count} watch requests of any type fail at open with a fresh {@code error}. */
  public FaultInjector failNextWatches(int count, Supplier<? extends SourceException> error) {
    return addRule(WATCHES, null, count, error);
  }

  /** Makes the next {@code count} watch requests of {@code type} fail at open with a fresh {@code error}. */
  public FaultInjector failNextWatches(TypeKey type, int count, Supplier<? extends SourceException> error) {
    return addRule(WATCHES, Objects.requireNonNull(type, "type"), count, error);
  }

  /** Makes the next {@code count} requests, lists or watches, of any type fail with a fresh {@code error}. */
  public FaultInjector failNextRequests(int count, Supplier<? extends SourceException> error) {
    return addRule(ALL, null, count, error);
  }

  private FaultInjector addRule(Set<RecordedRequest.Verb> verbs, TypeKey type, int count,
                                Supplier<? extends SourceException> error) {
    Objects.requireNonNull(error, "error");
    if (count < 1) {
      throw new IllegalArgumentException("count must be at least 1: " + count);
    }
    synchronized (script) {
      script.add(new RequestFailureRule(verbs, type, count, error));
    }
    return this;
  }

  /** Refuses every list and watch with {@code CONNECTION_REFUSED} until {@link #acceptConnections()}. */
  public FaultInjector refuseConnections() {
    refusing = true;
    return this;
  }

  /** Accepts connections again. */
  public FaultInjector acceptConnections() {
    refusing = false;
    return this;
  }

  /** Delays every list answer and watch opening by {@code latency} (the caller blocks); zero for none. */
  public FaultInjector responseLatency(Duration latency) {
    responseLatency = requireNotNegative(latency);
    return this;
  }

  /** Delays each watch event by {@code latency} after it is written, order kept; zero for none. */
  public FaultInjector eventLatency(Duration latency) {
    eventLatency = requireNotNegative(latency);
    return this;
  }

  /**
   * Cuts every watch, open or opened later, with {@code CONNECTION_LOST} once it delivered
   * {@code events} more object events (ADDED, MODIFIED, DELETED), until {@link #stopCuttingWatches()}.
   */
  public FaultInjector cutWatchesAfter(int events) {
    if (events < 1) {
      throw new IllegalArgumentException("events must be at least 1: " + events);
    }
    return setCut(events);
  }

  /** Stops cutting watches. */
  public FaultInjector stopCuttingWatches() {
    return setCut(0);
  }

  /** Sets the cut for new watches and open ones at once: no watch opens in between. */
  private FaultInjector setCut(int events) {
    storage.write(() -> {
      cutAfterEvents = events;
      return forEachWatch(null, watch -> watch.cutAfter(events));
    });
    return this;
  }

  /** Closes every open watch cleanly, after the events already sent: {@code onClose(null)}. */
  public int closeAllWatches() {
    return forEachWatch(null, watch -> watch.endAfterPending(null));
  }

  /** Breaks every open watch at once with {@code onClose(TransientSourceException CONNECTION_LOST)}. */
  public int dropAllWatches() {
    return forEachWatch(null, watch -> watch.drop(connectionLost("the simulated connection was lost")));
  }

  /**
   * Sends an ERROR event carrying {@code error} (for example an {@code ExpiredException}) to every
   * open watch of {@code type}, each then closing cleanly as the API server ends a stream.
   */
  public int injectError(TypeKey type, SourceException error) {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(error, "error");
    return forEachWatch(type, watch -> watch.endAfterPending(error));
  }

  /** Sends every open watch of {@code type} an ADDED event whose object has an empty name. */
  public int deliverNamelessObject(TypeKey type) {
    Objects.requireNonNull(type, "type");
    String version = Long.toString(storage.revision());
    return forEachWatch(type, watch -> {
      String namespace = watch.filter().selection().namespace();
      watch.offer(WatchEvent.added(SimObject.of(namespace, "").withResourceVersion(version)));
    });
  }

  /** Sends every open watch of {@code type} an event that cannot be decoded ({@code onMalformed}). */
  public int deliverUndecodableEvent(TypeKey type) {
    Objects.requireNonNull(type, "type");
    return forEachWatch(type, watch -> watch.offerMalformed(
        new MalformedObjectException("simulated undecodable watch event for " + type, null)));
  }

  /** Restarts the server keeping its watch cache: see {@link #restart(boolean)}. */
  public int restart() {
    return restart(false);
  }

  /**
   * Restarts the server: every open watch breaks with {@code CONNECTION_LOST}; objects and the
   * resourceVersion sequence are kept. With {@code compactHistory}, the history is also gone, as in
   * a fresh watch cache, so a watch from an older version is expired (the relist-storm scenario).
   *
   * @return how many watches were broken
   */
  public int restart(boolean compactHistory) {
    return storage.write(() -> {
      int dropped = forEachWatch(null, watch -> watch.drop(connectionLost("the simulated API server restarted")));
      if (compactHistory) {
        storage.compact();
      }
      return dropped;
    });
  }

  /** Removes every standing fault: the failure script, refusal, latencies and watch cutting. */
  public FaultInjector clear() {
    synchronized (script) {
      script.clear();
    }
    responseLatency = Duration.ZERO;
    eventLatency = Duration.ZERO;
    return acceptConnections().stopCuttingWatches();
  }

  /** Returns the cut setting new watches start with; 0 for none. */
  int cutAfterEvents() {
    return cutAfterEvents;
  }

  /** Returns the current event latency in nanoseconds. */
  long eventLatencyNanos() {
    return eventLatency.toNanos();
  }

  /**
   * Applies the request faults to an incoming request: refusal, latency, then the script.
   *
   * @throws SourceException the injected failure
   */
  void apply(RecordedRequest request) {
    if (refusing) {
      throw new TransientSourceException("connection refused by the simulated API", TransientSourceException.Reason.CONNECTION_REFUSED);
    }
    sleep(responseLatency);
    Supplier<? extends SourceException> failure = null;
    synchronized (script) {
      for (int i = 0; i < script.size() && failure == null; i++) {
        RequestFailureRule rule = script.get(i);
        if (rule.appliesTo(request)) {
          failure = rule.error();
          if (rule.consumeOne()) {
            script.remove(i);
          }
        }
      }
    }
    if (failure != null) {
      throw failure.get();
    }
  }

  private int forEachWatch(TypeKey type, Consumer<ServerWatch> action) {
    int count = 0;
    for (TypeStore store : storage.stores()) {
      if (type == null || store.type().equals(type)) {
        for (ServerWatch watch : store.watches()) {
          if (watch.isOpen()) {
            action.accept(watch);
            count++;
          }
        }
      }
    }
    return count;
  }

  private static void sleep(Duration latency) {
    if (latency.isZero()) {
      return;
    }
    try {
      TimeUnit.NANOSECONDS.sleep(latency.toNanos());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SourceException("interrupted while waiting for the simulated API to answer");
    }
  }

  private static TransientSourceException connectionLost(String message) {
    return new TransientSourceException(message, TransientSourceException.Reason.CONNECTION_LOST);
  }

  private static Duration requireNotNegative(Duration latency) {
    if (latency.isNegative()) {
      throw new IllegalArgumentException("latency must not be negative: " + latency);
    }
    return latency;
  }
}

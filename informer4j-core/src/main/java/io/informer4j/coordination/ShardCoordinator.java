package io.informer4j.coordination;

import io.informer4j.informer.InformerRuntime;
import io.informer4j.time.Clock;
import io.informer4j.time.Scheduler;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Shares S shards among the live replicas through a {@link ShardLeases} backend: every retry period
 * it renews this replica's membership, reads the members and holders, plans the moves towards its
 * fair share with {@link ShardBalancer}, renews the shards it holds, acquires free ones, and releases
 * the ones over its quota. The {@link ShardOwnership} it maintains is a sharded controller's key
 * filter and gate ({@code ControllerBuilder.sharded(coordinator)} wires both, and re-queues the
 * cached keys of every shard gained); {@link ShardListener}s hear of gains and losses.
 *
 * <p><b>Releasing.</b> A shard to give up first stops being handed out (key filter and gate),
 * keeps being renewed while reconciles of it are in flight, and is released once they ended or the
 * drain timeout passed — so the next holder never starts before this one's last reconcile ended
 * (unless that reconcile outlives the drain timeout).
 *
 * <p><b>Failures.</b> A backend failure skips the round's remaining work and is counted; shards whose
 * validity lapses in the meantime stop being handed out by themselves (see {@link ShardOwnership}).
 *
 * <p>Thread-safe. The rounds run on the runtime given to {@link #start} (a Manager gives its own): on
 * its I/O pool, between delays on its timer.
 */
public final class ShardCoordinator implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(ShardCoordinator.class);

  private final ShardLeases leases;
  private final String identity;
  private final int shards;
  private final LeaseTiming timing;
  private final Duration drainTimeout;
  private final Clock clock;
  private final ShardOwnership ownership;
  private final List<ShardListener> listeners = new CopyOnWriteArrayList<>();
  private final TransitionLog transitions = new TransitionLog();
  private final LongAdder failedRounds = new LongAdder();
  private final Map<Integer, Long> releaseStarted = new TreeMap<>();
  private final Set<Integer> believedHeld = new TreeSet<>();
  private Scheduler.Cancellable rounds;
  private volatile ShardView lastView = new ShardView(Set.of(), Map.of());
  private volatile int quota;
  private boolean closed;

  private ShardCoordinator(Builder builder) {
    this.leases = builder.leases;
    this.identity = leases.identity();
    this.ownership = new ShardOwnership(builder.shards, builder.clock);
    this.shards = builder.shards;
    this.timing = builder.timing;
    this.drainTimeout = builder.drainTimeout != null ? builder.drainTimeout : timing.retryPeriod();
    this.clock = builder.clock;
  }

  /**
   * Starts configuring a coordinator that shares {@code shards} shards among the members of
   * {@code leases}' group. Every replica must use the same number of shards.
   *
   * @throws CoordinationSettingsException if {@code shards} is not positive
   */
  public static Builder builder(ShardLeases leases, int shards) {
    return new Builder(leases, shards);
  }

  /** Returns the ownership the coordinator maintains: a sharded controller's key filter and gate. */
  public ShardOwnership ownership() {
    return ownership;
  }

  /**
   * Adds a listener of gained and lost shards, called on the coordinator's thread after the ownership
   * changed (see {@link ShardListener}); may be called at any time.
   */
  public void addListener(ShardListener listener) {
    listeners.add(Objects.requireNonNull(listener, "listener"));
  }

  /**
   * Starts the leases' backend (which may block for one request) and the renewal rounds on
   * {@code runtime}'s threads, the first round at once; the runtime stays the caller's: close the
   * coordinator before stopping it. A Manager does this for the coordinators of its sharded
   * controllers.
   *
   * @throws IllegalStateException if started before or closed
   * @throws CoordinationException when the leases' backend cannot be started
   */
  public void start(InformerRuntime runtime) {
    Objects.requireNonNull(runtime, "runtime");
    synchronized (this) {
      if (closed || rounds != null) {
        throw new IllegalStateException(identity + ": the shard coordinator was " + (closed ? "closed" : "started"));
      }
      leases.start(runtime);
      rounds = runtime.scheduleWithFixedDelay("shard rounds of " + identity, Duration.ZERO, timing.retryPeriod(),
          this::roundSafely);
    }
  }

  /** Runs one round, logging and counting a backend failure instead of throwing. */
  void roundSafely() {
    try {
      round();
    } catch (CoordinationException e) {
      failedRounds.increment();
      log.warn("{}: coordination round failed: {}", identity, e.getMessage());
    } catch (RuntimeException e) {
      failedRounds.increment();
      log.error("{}: coordination round failed unexpectedly", identity, e);
    }
  }

  /** Runs one round: renew membership, read, plan, renew, acquire, release. Blocks on the backend. */
  synchronized void round() {
    if (closed) {
      return;
    }
    noteLapses();
    finishReleases();
    ShardView view = leases.refresh(shards);
    lastView = view;
    Set<Integer> releasing = ownership.releasing();
    ShardPlan plan = ShardBalancer.plan(shards, identity, view.members(), view.holders(), releasing);
    quota = plan.quota();
    for (int shard : plan.release()) {
      if (ownership.startReleasing(shard)) {
        releaseStarted.put(shard, clock.nanoTime());
        log.info("{}: releasing shard {} (over quota {})", identity, shard, plan.quota());
      }
    }
    Set<Integer> toRenew = new TreeSet<>(plan.acquire());
    view.holders().forEach((shard, holder) -> {
      if (identity.equals(holder)) {
        toRenew.add(shard);
      }
    });
    toRenew.addAll(believedHeld);
    Set<Integer> gained = new TreeSet<>();
    Set<Integer> lost = new TreeSet<>();
    for (int shard : toRenew) {
      OptionalLong validFrom = leases.acquireOrRenew(shard);
      if (validFrom.isPresent()) {
        if (ownership.renewed(shard, validFrom.getAsLong() + timing.renewDeadline().toNanos())) {
          gained.add(shard);
        }
        believedHeld.add(shard);
      } else if (believedHeld.remove(shard)) {
        ownership.drop(shard);
        releaseStarted.remove(shard);
        lost.add(shard);
      }
    }
    announce(gained, lost);
  }

  private void noteLapses() {
    Set<Integer> lapsed = new TreeSet<>(believedHeld);
    lapsed.removeAll(ownership.held());
    if (!lapsed.isEmpty()) {
      believedHeld.removeAll(lapsed);
      lapsed.forEach(releaseStarted::remove);
      log.warn("{}: shards {} lapsed: not renewed within the renew deadline {}", identity, lapsed, timing.renewDeadline());
      transitions.add(clock.instant(), "lapsed " + lapsed);
      tellLost(lapsed);
    }
  }

  private void finishReleases() {
    for (var it = releaseStarted.entrySet().iterator(); it.hasNext(); ) {
      var entry = it.next();
      int shard = entry.getKey();
      boolean drained = ownership.inFlight(shard) == 0;
      if (drained || clock.nanoTime() - entry.getValue() >= drainTimeout.toNanos()) {
        if (!drained) {
          log.warn("{}: releasing shard {} with {} reconciles still running after the drain timeout {}", identity, shard,
              ownership.inFlight(shard), drainTimeout);
        }
        leases.release(shard);
        it.remove();
        ownership.drop(shard);
        believedHeld.remove(shard);
        transitions.add(clock.instant(), "released " + shard);
        tellLost(Set.of(shard));
      }
    }
  }

  private void announce(Set<Integer> gained, Set<Integer> lost) {
    if (!gained.isEmpty()) {
      log.info("{}: gained shards {}", identity, gained);
      transitions.add(clock.instant(), "gained " + gained);
      listeners.forEach(l -> call(() -> l.gained(gained)));
    }
    if (!lost.isEmpty()) {
      log.warn("{}: lost shards {} to other members", identity, lost);
      transitions.add(clock.instant(), "lost " + lost);
      tellLost(lost);
    }
  }

  private void tellLost(Set<Integer> lost) {
    listeners.forEach(l -> call(() -> l.lost(lost)));
  }

  private void call(Runnable callback) {
    try {
      callback.run();
    } catch (RuntimeException e) {
      log.warn("{}: a shard listener threw", identity, e);
    }
  }

  /** Returns how many rounds failed on the backend. */
  public long failedRounds() {
    return failedRounds.sum();
  }

  /** Returns the recorded transitions. */
  TransitionLog transitions() {
    return transitions;
  }

  /**
   * Returns the status for {@code /katalog}: identity, role, shard count, quota, shards held and being
   * released, members, each shard's holder as last read, failed rounds, dropped items, transitions.
   */
  public Map<String, Object> status() {
    ShardView view = lastView;
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("identity", identity);
    status.put("role", ownership.held().isEmpty() ? "standby" : "shard-holder");
    status.put("shards", shards);
    status.put("quota", quota);
    status.put("held", ownership.held());
    status.put("releasing", ownership.releasing());
    status.put("members", new TreeSet<>(view.members()));
    Map<String, String> holders = new TreeMap<>(java.util.Comparator.comparingInt(Integer::parseInt));
    view.holders().forEach((shard, holder) -> holders.put(String.valueOf(shard), holder));
    status.put("holders", holders);
    status.put("failedRounds", failedRounds());
    status.put("droppedItems", ownership.dropped());
    status.put("transitionsTotal", transitions.total());
    status.put("transitions", transitions.toMaps());
    return status;
  }

  /**
   * Stops the rounds, stops handing out every shard, waits up to the drain timeout for in-flight
   * reconciles, releases the shards and leaves the membership (failures are logged). Idempotent.
   */
  @Override
  public void close() {
    Scheduler.Cancellable running;
    synchronized (this) {
      running = rounds;
    }
    if (running != null) {
      running.cancel();
    }
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      Set<Integer> held = ownership.held();
      held.forEach(ownership::startReleasing);
      long deadline = clock.nanoTime() + drainTimeout.toNanos();
      for (int shard : held) {
        awaitDrained(shard, deadline - clock.nanoTime());
        try {
          leases.release(shard);
        } catch (RuntimeException e) {
          log.warn("{}: could not release shard {} on close: {}", identity, shard, e.getMessage());
        }
        ownership.drop(shard);
      }
      leases.close();
      log.info("{}: left the shard group, released {}", identity, held);
    }
  }

  private void awaitDrained(int shard, long nanos) {
    try {
      if (!ownership.awaitDrained(shard, Duration.ofNanos(Math.max(0, nanos)))) {
        log.warn("{}: releasing shard {} with reconciles still running after the drain timeout", identity, shard);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Configures a {@link ShardCoordinator}. Not thread-safe. */
  public static final class Builder {
    private final ShardLeases leases;
    private final int shards;
    private LeaseTiming timing = LeaseTiming.DEFAULT;
    private Duration drainTimeout;
    private Clock clock = Clock.system();

    private Builder(ShardLeases leases, int shards) {
      this.leases = Objects.requireNonNull(leases, "leases");
      this.shards = ShardHash.requireShards(shards);
    }

    /** Sets the lease timing ({@link LeaseTiming#DEFAULT} by default); use the backend's own timing. */
    public Builder timing(LeaseTiming timing) {
      this.timing = Objects.requireNonNull(timing, "timing");
      return this;
    }

    /**
     * Sets how long a shard being released waits for its in-flight reconciles (the retry period by
     * default).
     *
     * @throws CoordinationSettingsException if not positive
     */
    public Builder drainTimeout(Duration timeout) {
      if (timeout.isNegative() || timeout.isZero()) {
        throw new CoordinationSettingsException("the drain timeout must be positive, got " + timeout);
      }
      this.drainTimeout = timeout;
      return this;
    }

    /** Sets the clock of validity deadlines and transitions (the system clock by default). */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /** Builds the coordinator, not started. */
    public ShardCoordinator build() {
      return new ShardCoordinator(this);
    }
  }
}

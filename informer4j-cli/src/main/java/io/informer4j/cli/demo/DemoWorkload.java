package io.informer4j.cli.demo;

import io.informer4j.cli.dashboard.ActivityLog;
import io.informer4j.cli.run.PlannedFaults;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimulatedApi;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drives the demo's simulated API on one thread: a steady rate of creates, updates and deletes over
 * every installed type, and a scenario of the things informers must survive: the missing type
 * installed after {@link #INSTALL_AFTER}; a forced watch close every {@link #WATCH_CLOSE_EVERY}
 * (alternately a clean close and a broken connection); and at {@link #FIRST_COMPACTION}, then every
 * {@link #COMPACTION_EVERY}, a compaction together with broken watches (as when a watch cache
 * restarts), which makes informers relist. Each scenario step is written to the activity log, and
 * the faults are counted as {@link PlannedFaults}: the informers' list/watch failures they cause are
 * expected, not errors.
 *
 * <p>Thread-safe: {@link #start()} and {@link #close()} may be called from any thread.
 */
public final class DemoWorkload implements PlannedFaults, AutoCloseable {

  /** When the missing type is installed. */
  public static final Duration INSTALL_AFTER = Duration.ofSeconds(10);
  /** How often watches are forcibly closed. */
  public static final Duration WATCH_CLOSE_EVERY = Duration.ofSeconds(7);
  /** When the history is first compacted. */
  public static final Duration FIRST_COMPACTION = Duration.ofSeconds(15);
  /**
   * How often it is compacted after that: longer than the two quiet minutes after which an informer's
   * backoff starts again from its shortest delay, so each compaction costs a relist, not a growing wait.
   */
  public static final Duration COMPACTION_EVERY = Duration.ofSeconds(150);

  private static final Logger log = LoggerFactory.getLogger(DemoWorkload.class);
  private static final long TICK_MILLIS = 100;

  private final SimulatedApi api;
  private final ObjectChurn churn;
  private final double writesPerSecond;
  private final ActivityLog activity;
  private final List<TypeKey> installed = new CopyOnWriteArrayList<>();
  private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(task -> {
    Thread thread = new Thread(task, "informer4j-demo-workload");
    thread.setDaemon(true);
    return thread;
  });
  private final AtomicLong cleanCloses = new AtomicLong();
  private final AtomicLong brokenConnections = new AtomicLong();
  private final AtomicLong compactions = new AtomicLong();
  private double credit;

  /**
   * Populates the types installed at start with {@code objects} objects each.
   *
   * @param api             the simulated API, its start types installed
   * @param objects         the objects each type keeps around
   * @param writesPerSecond the steady write rate over all types
   * @param seed            seed of every random choice
   * @param activity        where scenario steps are told
   */
  public DemoWorkload(SimulatedApi api, int objects, double writesPerSecond, long seed, ActivityLog activity) {
    this.api = api;
    this.churn = new ObjectChurn(api, objects, seed);
    this.writesPerSecond = writesPerSecond;
    this.activity = activity;
    for (DemoType type : DemoWorld.types()) {
      if (type.installedAtStart()) {
        churn.populate(type.type());
        installed.add(type.type());
      }
    }
  }

  /** Starts the writes and the scenario. */
  public void start() {
    executor.scheduleAtFixedRate(guarded("writes", this::writeBatch), TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
    executor.schedule(guarded("install", this::installMissingTypes), INSTALL_AFTER.toMillis(), TimeUnit.MILLISECONDS);
    executor.scheduleAtFixedRate(guarded("watch close", this::closeWatches), WATCH_CLOSE_EVERY.toMillis(),
        WATCH_CLOSE_EVERY.toMillis(), TimeUnit.MILLISECONDS);
    executor.scheduleAtFixedRate(guarded("compaction", this::compact), FIRST_COMPACTION.toMillis(),
        COMPACTION_EVERY.toMillis(), TimeUnit.MILLISECONDS);
  }

  private Runnable guarded(String what, Runnable step) {
    return () -> {
      try {
        step.run();
      } catch (RuntimeException e) {
        log.warn("demo workload: {} failed: {}", what, e.toString());
      }
    };
  }

  private void writeBatch() {
    credit += writesPerSecond * TICK_MILLIS / 1000.0;
    while (credit >= 1) {
      churn.step(installed);
      credit -= 1;
    }
  }

  private void installMissingTypes() {
    for (DemoType type : DemoWorld.types()) {
      if (!type.installedAtStart()) {
        api.install(type.type(), Scope.NAMESPACED);
        churn.populate(type.type());
        installed.add(type.type());
        activity.add(type.name() + ": type installed in the API (it was missing, like a CRD not yet created)");
      }
    }
  }

  private void closeWatches() {
    boolean clean = cleanCloses.get() == brokenConnections.get();
    int closed = clean ? api.faults().closeAllWatches() : api.faults().dropAllWatches();
    (clean ? cleanCloses : brokenConnections).incrementAndGet();
    activity.add(String.format(Locale.ROOT, "fault: %d watches %s", closed,
        clean ? "closed by the server" : "broken (connection lost)"));
  }

  private void compact() {
    int broken = api.faults().restart(true);
    compactions.incrementAndGet();
    activity.add(String.format(Locale.ROOT, "fault: history compacted at resourceVersion %s and %d watches broken; "
        + "informers relist", api.compactedResourceVersion(), broken));
  }

  @Override
  public long injected() {
    return cleanCloses.get() + brokenConnections.get() + compactions.get();
  }

  @Override
  public String describe() {
    return String.format(Locale.ROOT, "%d (watches closed by the server: %d, connections broken: %d, compactions: %d)",
        injected(), cleanCloses.get(), brokenConnections.get(), compactions.get());
  }

  /** Stops the writes and the scenario, waiting up to 5 s for a step in progress (less if interrupted). */
  @Override
  public void close() {
    executor.shutdownNow();
    try {
      if (!executor.awaitTermination(5, TimeUnit.SECONDS)) {
        log.warn("demo workload did not stop within 5 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

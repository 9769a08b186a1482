package io.informer4j.cli.run;

import io.informer4j.cli.CliException;
import io.informer4j.cli.RunOptions;
import io.informer4j.cli.dashboard.ActivityLog;
import io.informer4j.cli.dashboard.Dashboard;
import io.informer4j.cli.dashboard.DashboardRow;
import io.informer4j.cli.dashboard.RateMeter;
import io.informer4j.cli.dashboard.TerminalWidth;
import io.informer4j.health.HealthServer;
import io.informer4j.manager.ControllerStatus;
import io.informer4j.manager.Manager;
import io.informer4j.manager.ManagerStartException;
import io.informer4j.meta.ObjectType;
import io.informer4j.reader.CacheConfig;
import io.informer4j.reader.CacheOptions;
import io.informer4j.reader.TypeConfig;
import io.informer4j.source.Backend;
import io.micrometer.core.instrument.Counter;
import io.informer4j.reader.MapEntry;
import java.io.PrintStream;
import java.net.BindException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run of the program on a {@link Manager} over a backend: per watched type, the informers the
 * cache options give it (a single allowed namespace is the only one cached: tier 1) and a
 * controller with two workers and an {@link AuditingReconciler}, declared with the type's namespace
 * rules (tiers 2 and 3); the health server as one of the manager's components on 127.0.0.1; the
 * live dashboard (or plain log lines) refreshed at the chosen interval; a clean stop at the end of
 * the duration, on Ctrl-C or when the manager fails; and the summary. The keys of rejected
 * namespaces that reached a queue are what the controllers' tier-3 guards skipped. The manager runs
 * with its default of no resync, and the banner says so from the informers' own settings.
 *
 * <p>Errors are failed reconciles, objects the informers could not read, and list/watch failures —
 * except, in a run with {@link #plannedFaults}, the list/watch failures, which are the effects of
 * those faults and shown apart.
 *
 * <p>Stop order: what {@link #stopFirst} names (for example a workload), the manager (controllers,
 * cache, health server; bounded), then what {@link #closeLast} names (for example the backend). Not
 * thread-safe: {@link #run()} once, from one thread.
 */
public final class Session {

  private static final Logger log = LoggerFactory.getLogger(Session.class);

  private static final Duration MANAGER_STOP = Duration.ofSeconds(15);
  private static final Duration HOOK_GRACE = Duration.ofSeconds(30);
  private static final int WORKERS = 2;
  private static final String GUARD_SKIPS = "informer4j_namespace_guard_skips_total";

  private final String title;
  private final Backend backend;
  private final RunOptions options;
  private final PrintStream out;
  private final List<WatchedType> types;
  private final List<TypeView> views = new ArrayList<>();
  private final List<AutoCloseable> stopFirst = new ArrayList<>();
  private final List<AutoCloseable> closeLast = new ArrayList<>();
  private final ActivityLog activity = new ActivityLog(6);
  private final RateMeter rates = new RateMeter();
  private final StopSignal stop = new StopSignal(HOOK_GRACE);
  private final List<String> header = new ArrayList<>();
  private PlannedFaults plannedFaults;
  private Path logFile;
  private Manager manager;
  private HealthServer health;
  private TerminalWidth terminal;
  private long startNanos;

  /**
   * @param title   what runs ({@code demo}, {@code watch}); names the manager and its controllers
   * @param backend where the types are listed and watched (stays the caller's; see {@link #closeLast})
   * @param types   the types to watch and show, in this order
   * @param options duration, port and output mode
   * @param out     where the dashboard, lines and summary go
   */
  public Session(String title, Backend backend, List<WatchedType> types, RunOptions options, PrintStream out) {
    this.title = Objects.requireNonNull(title, "title");
    this.backend = Objects.requireNonNull(backend, "backend");
    this.options = Objects.requireNonNull(options, "options");
    this.out = Objects.requireNonNull(out, "out");
    this.types = List.copyOf(types);
  }

  /**
   * Says the run injects {@code faults} into its source on purpose: list/watch failures are then shown
   * as their effects, not as errors; returns this session.
   */
  public Session plannedFaults(PlannedFaults faults) {
    this.plannedFaults = Objects.requireNonNull(faults, "faults");
    return this;
  }

  /** Names the file log output goes to while the dashboard owns the terminal, shown in the header; returns this session. */
  public Session logFile(Path file) {
    this.logFile = Objects.requireNonNull(file, "file");
    return this;
  }

  /** Stops {@code resource} first, before the manager (for example a workload); returns this session. */
  public Session stopFirst(AutoCloseable resource) {
    stopFirst.add(Objects.requireNonNull(resource, "resource"));
    return this;
  }

  /** Closes {@code resource} last, after everything else (for example a client or a server); returns this session. */
  public Session closeLast(AutoCloseable resource) {
    closeLast.add(0, Objects.requireNonNull(resource, "resource"));
    return this;
  }

  /** Adds a line to the header above the table (for example the workload's settings); returns this session. */
  public Session headerLine(String line) {
    header.add(Objects.requireNonNull(line, "line"));
    return this;
  }

  /** Returns the activity log, for notable moments (faults, installations) shown on the dashboard. */
  public ActivityLog activity() {
    return activity;
  }

  /**
   * Runs until the duration ends, Ctrl-C (or SIGTERM) or the manager fails, stops everything and
   * prints the summary.
   *
   * @return the summary; its {@link SessionSummary#exitCode()} is the program's
   * @throws CliException if the health port is taken (nothing keeps running then)
   */
  public SessionSummary run() throws InterruptedException {
    types.forEach(type -> views.add(new TypeView(type, title + "-" + type.name(), plannedFaults != null)));
    startNanos = System.nanoTime();
    stop.install();
    try {
      boolean stoppedCleanly;
      try {
        buildManager();
        startManager();
        printBanner();
        loop();
      } finally {
        stoppedCleanly = shutdown();
      }
      if (manager != null) {
        settle();
      }
      SessionSummary summary = new SessionSummary(title, elapsed(), views.stream().map(TypeView::summary).toList(),
          plannedFaults == null ? null : plannedFaults.describe(), stop.signal(), stoppedCleanly);
      summary.lines().forEach(out::println);
      out.flush();
      return summary;
    } finally {
      stop.finished();
    }
  }

  private void buildManager() {
    CacheOptions.Builder cache = CacheOptions.builder();
    for (TypeView view : views) {
      WatchedType watched = view.watched();
      TypeConfig config = TypeConfig.of(CacheConfig.empty().withLabels(watched.labelSelector()));
      if (watched.filter().isSingleNamespace()) {
        config = config.withNamespace(watched.filter().singleNamespace());
      }
      cache.byType(watched.type().key(), config);
    }
    manager = Manager.builder(backend).name(title).cacheOptions(cache.build()).stopTimeout(MANAGER_STOP).build();
    health = HealthServer.builder(manager).host("127.0.0.1").port(options.port()).build();
    manager.add(health);
    for (TypeView view : views) {
      declareController(view, view.watched().type());
    }
  }

  private <T> void declareController(TypeView view, ObjectType<T> type) {
    manager.controller(view.controller(), type).namespaces(view.watched().filter()).workers(WORKERS)
        .reconcile(new AuditingReconciler(manager.cache().reader(type), view.stats()));
  }

  private void startManager() {
    try {
      manager.start();
    } catch (ManagerStartException e) {
      if (e.getCause() instanceof BindException bind) {
        throw new CliException("the health server " + bind.getMessage()
            + " (choose another --port, or --port 0 for a free one)", e);
      }
      throw e;
    }
  }

  private void printBanner() {
    String base = health.url().toString();
    header.add(0, "informer4j " + title + ": " + views.size() + " informer(s), " + resync() + "; health on " + base);
    header.add(1, "  katalog: " + base + "/katalog   metrics: " + base + "/metrics   readyz: " + base + "/readyz   healthz: "
        + base + "/healthz");
    if (logFile != null) {
      header.add("  logs: " + logFile);
    }
    if (options.dashboard()) {
      terminal = TerminalWidth.system();
      out.print(Dashboard.CLEAR_SCREEN);
    } else {
      header.forEach(out::println);
    }
    out.flush();
  }

  /** Describes the resync periods of the informers the manager created: {@code resync off} without any. */
  private String resync() {
    List<String> periods = views.stream()
        .flatMap(view -> manager.cache().entriesOf(view.watched().type()).stream())
        .map(MapEntry::resyncPeriod).filter(period -> !period.isZero())
        .map(Session::seconds).distinct().sorted().toList();
    return periods.isEmpty() ? "resync off" : "resync every " + String.join(", ", periods);
  }

  private void loop() throws InterruptedException {
    refresh();
    while (true) {
      Duration wait = options.interval();
      if (options.duration() != null) {
        Duration left = options.duration().minus(elapsed());
        if (left.isNegative() || left.isZero()) {
          return;
        }
        wait = left.compareTo(wait) < 0 ? left : wait;
      }
      if (stop.await(wait)) {
        out.println("informer4j: stopping (interrupted)");
        return;
      }
      if (manager.stopped().isCompletedExceptionally()) {
        Throwable failure = manager.stopped().handle((stopped, cause) -> cause).join();
        out.println("informer4j: stopping (" + failure.getMessage() + ")");
        return;
      }
      refresh();
    }
  }

  /** Takes the latest statuses and shows them. */
  private void refresh() {
    long now = System.nanoTime();
    Duration elapsed = elapsed();
    Map<String, ControllerStatus> controllers = controllers();
    List<DashboardRow> rows = new ArrayList<>();
    for (TypeView view : views) {
      TypeSnapshot snapshot = snapshot(view, controllers);
      String note = snapshot.informer() == null ? "" : InformerNotes.of(snapshot.informer(), Instant.now());
      rows.add(view.refresh(snapshot, note, rates, now, elapsed));
      if (view.justActivated()) {
        activity.add(String.format(Locale.ROOT, "%s: the type appeared; its informer is active", view.watched().name()));
      }
    }
    String clock = seconds(elapsed);
    if (options.dashboard()) {
      List<String> lines = new ArrayList<>(header);
      lines.add(String.format(Locale.ROOT, "running %s%s;%s Ctrl-C stops", clock,
          options.duration() == null ? "" : " of " + seconds(options.duration()),
          plannedFaults == null ? "" : " planned faults so far: " + plannedFaults.injected() + ";"));
      List<String> footer = new ArrayList<>();
      List<String> recent = activity.recent();
      if (!recent.isEmpty()) {
        footer.add("");
        footer.add("recent:");
        recent.forEach(entry -> footer.add("  " + entry));
      }
      activity.drainUnprinted();
      out.print(Dashboard.frame(terminal.columns(), lines, rows, footer));
    } else {
      activity.drainUnprinted().forEach(entry -> out.println("[" + clock + "] " + entry));
      rows.forEach(row -> out.println(Dashboard.logLine(clock, row)));
    }
    out.flush();
  }

  /** Takes the final statuses, after everything stopped, for the summary. */
  private void settle() {
    Map<String, ControllerStatus> controllers = controllers();
    views.forEach(view -> view.settle(snapshot(view, controllers), elapsed()));
  }

  private Map<String, ControllerStatus> controllers() {
    return manager.controllers().stream().collect(Collectors.toMap(ControllerStatus::name, Function.identity()));
  }

  private TypeSnapshot snapshot(TypeView view, Map<String, ControllerStatus> controllers) {
    return TypeSnapshot.of(manager.cache().entriesOf(view.watched().type()), controllers.get(view.controller()),
        guardSkips(view.controller()));
  }

  /** Returns the keys of rejected namespaces the controller's tier-3 guard skipped: they reached its queue. */
  private long guardSkips(String controller) {
    return Math.round(manager.meterRegistry().find(GUARD_SKIPS).tag("controller", controller).counters().stream()
        .mapToDouble(Counter::count).sum());
  }

  private boolean shutdown() throws InterruptedException {
    boolean clean = true;
    for (AutoCloseable resource : stopFirst) {
      clean &= closeQuietly(resource);
    }
    if (manager != null) {
      clean &= manager.stop(MANAGER_STOP);
    }
    if (terminal != null) {
      terminal.close();
    }
    for (AutoCloseable resource : closeLast) {
      clean &= closeQuietly(resource);
    }
    return clean;
  }

  private static boolean closeQuietly(AutoCloseable resource) {
    try {
      resource.close();
      return true;
    } catch (Exception e) {
      log.warn("closing {} failed: {}", resource, e.toString());
      return false;
    }
  }

  private Duration elapsed() {
    return Duration.ofNanos(System.nanoTime() - startNanos);
  }

  private static String seconds(Duration duration) {
    return String.format(Locale.ROOT, "%.0fs", duration.toMillis() / 1000.0);
  }
}

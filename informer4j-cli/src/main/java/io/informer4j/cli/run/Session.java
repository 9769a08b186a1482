package io.informer4j.cli.run;

import io.informer4j.cli.CliException;
import io.informer4j.cli.RunOptions;
import io.informer4j.cli.dashboard.ActivityLog;
import io.informer4j.cli.dashboard.Dashboard;
import io.informer4j.cli.dashboard.DashboardRow;
import io.informer4j.cli.dashboard.RateMeter;
import io.informer4j.cli.dashboard.TerminalWidth;
import io.informer4j.controller.Controller;
import io.informer4j.factory.InformerEntry;
import io.informer4j.factory.InformerEntryStatus;
import io.informer4j.factory.SharedInformerFactory;
import io.informer4j.health.HealthServer;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.PriorityWorkQueue;
import io.informer4j.queue.QueueItem;
import io.informer4j.queue.QueueRegistry;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.BindException;
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
 * One run of the program over a {@link SharedInformerFactory} whose informers the caller registered:
 * a queue and a {@link Controller} with an {@link AuditingReconciler} per type, the health server on
 * 127.0.0.1, the live dashboard (or plain log lines) refreshed at the chosen interval, a clean stop
 * at the end of the duration or on Ctrl-C, and the summary.
 *
 * <p>Stop order: what {@link #stopFirst} names (for example a workload), the controllers, the factory
 * (bounded), the queues, the health server, then what {@link #closeLast} names (for example the
 * client). Not thread-safe: {@link #run()} once, from one thread.
 */
public final class Session {

  private static final Logger log = LoggerFactory.getLogger(Session.class);

  private static final Duration CONTROLLER_STOP = Duration.ofSeconds(5);
  private static final Duration FACTORY_STOP = Duration.ofSeconds(10);
  private static final Duration HOOK_GRACE = Duration.ofSeconds(30);

  private final String title;
  private final SharedInformerFactory factory;
  private final QueueRegistry queues;
  private final PrometheusMeterRegistry prometheus;
  private final RunOptions options;
  private final PrintStream out;
  private final List<TypeView> views = new ArrayList<>();
  private final List<AutoCloseable> stopFirst = new ArrayList<>();
  private final List<AutoCloseable> closeLast = new ArrayList<>();
  private final ActivityLog activity = new ActivityLog(6);
  private final RateMeter rates = new RateMeter();
  private final StopSignal stop = new StopSignal(HOOK_GRACE);
  private final List<Controller<QueueItem>> controllers = new ArrayList<>();
  private final List<String> header = new ArrayList<>();
  private HealthServer health;
  private TerminalWidth terminal;
  private long startNanos;

  /**
   * @param title      what runs ({@code demo}, {@code watch})
   * @param factory    the factory, its informers registered, not started
   * @param queues     the queue registry the factory routes to
   * @param prometheus the registry the factory, queues and controllers publish to; served on {@code /metrics}
   * @param types      the registered types to show, in this order
   * @param options    duration, port and output mode
   * @param out        where the dashboard, lines and summary go
   */
  public Session(String title, SharedInformerFactory factory, QueueRegistry queues, PrometheusMeterRegistry prometheus,
                 List<WatchedType> types, RunOptions options, PrintStream out) {
    this.title = Objects.requireNonNull(title, "title");
    this.factory = Objects.requireNonNull(factory, "factory");
    this.queues = Objects.requireNonNull(queues, "queues");
    this.prometheus = Objects.requireNonNull(prometheus, "prometheus");
    this.options = Objects.requireNonNull(options, "options");
    this.out = Objects.requireNonNull(out, "out");
    types.forEach(type -> views.add(new TypeView(type)));
  }

  /** Stops {@code resource} first, before the controllers (for example a workload); returns this session. */
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
   * Runs until the duration ends or Ctrl-C, stops everything and prints the summary.
   *
   * @return the summary
   * @throws CliException if the health port is taken (nothing keeps running then)
   */
  public SessionSummary run() throws InterruptedException {
    startNanos = System.nanoTime();
    stop.install();
    try {
      boolean stoppedCleanly;
      try {
        buildControllers();
        health = startHealth();
        factory.start();
        controllers.forEach(Session::startInBackground);
        printBanner();
        loop();
      } finally {
        stoppedCleanly = shutdown();
      }
      refresh(false);
      SessionSummary summary = new SessionSummary(title, elapsed(), views.stream().map(TypeView::summary).toList(),
          stoppedCleanly);
      summary.lines().forEach(out::println);
      out.flush();
      return summary;
    } finally {
      stop.finished();
    }
  }

  private void buildControllers() {
    Map<TypeKey, InformerEntry> entries = factory.registered();
    for (TypeView view : views) {
      WatchedType watched = view.watched();
      InformerEntry entry = entries.get(watched.type());
      if (entry == null) {
        throw new IllegalStateException(watched.type() + " is not registered with the factory");
      }
      PriorityWorkQueue<QueueItem> queue = queues.register(watched.type(), 0);
      AuditingReconciler reconciler = new AuditingReconciler(watched, entry.informer().indexer(), queue, view.stats());
      controllers.add(Controller.builder(title + "-" + watched.name(), reconciler)
          .queue(queue)
          .workers(2)
          .waitFor(watched.name() + " synced", factory.synced(watched.type()))
          .syncTimeout(Duration.ofDays(365))
          .stopTimeout(CONTROLLER_STOP)
          .meterRegistry(prometheus)
          .build());
    }
  }

  /** Starts a controller on its own thread: its start waits for its type's sync, which may take long (missing types). */
  private static void startInBackground(Controller<QueueItem> controller) {
    Thread starter = new Thread(() -> {
      try {
        controller.start();
      } catch (RuntimeException e) {
        log.warn("controller {} did not start: {}", controller.name(), e.getMessage());
      }
    }, "informer4j-cli-start-" + controller.name());
    starter.setDaemon(true);
    starter.start();
  }

  private HealthServer startHealth() {
    try {
      return HealthServer.builder(factory).host("127.0.0.1").port(options.port()).prometheus(prometheus).start();
    } catch (UncheckedIOException e) {
      String reason = e.getCause() instanceof BindException ? e.getCause().getMessage() : e.getMessage();
      throw new CliException("the health server " + reason + " (choose another --port, or --port 0 for a free one)", e);
    }
  }

  private void printBanner() {
    String base = health.url().toString();
    header.add(0, "informer4j " + title + ": " + views.size() + " informer(s); health on " + base);
    header.add(1, "  katalog: " + base + "/katalog   metrics: " + base + "/metrics   readyz: " + base + "/readyz   healthz: "
        + base + "/healthz");
    if (options.dashboard()) {
      terminal = TerminalWidth.system();
      out.print(Dashboard.CLEAR_SCREEN);
    } else {
      header.forEach(out::println);
    }
    out.flush();
  }

  private void loop() throws InterruptedException {
    refresh(true);
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
      refresh(true);
    }
  }

  /** Takes the latest statuses; shows them when {@code show} (false: the final figures for the summary). */
  private void refresh(boolean show) {
    long now = System.nanoTime();
    Duration elapsed = elapsed();
    Map<TypeKey, InformerEntryStatus> statuses = factory.statuses().stream()
        .collect(Collectors.toMap(InformerEntryStatus::type, Function.identity(), (a, b) -> a));
    Map<TypeKey, InformerEntry> entries = factory.registered();
    List<DashboardRow> rows = new ArrayList<>();
    for (TypeView view : views) {
      TypeKey type = view.watched().type();
      InformerEntryStatus status = statuses.get(type);
      if (status == null) {
        continue;
      }
      var informer = entries.get(type).informer().status();
      rows.add(view.refresh(status, informer, InformerNotes.of(informer, Instant.now()), rates, now, elapsed));
      if (view.justActivated() && show) {
        activity.add(String.format(Locale.ROOT, "%s: the type appeared; its informer is active", view.watched().name()));
      }
    }
    if (!show) {
      return;
    }
    String clock = seconds(elapsed);
    if (options.dashboard()) {
      List<String> lines = new ArrayList<>(header);
      lines.add(String.format(Locale.ROOT, "running %s%s; Ctrl-C stops", clock,
          options.duration() == null ? "" : " of " + seconds(options.duration())));
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

  private boolean shutdown() throws InterruptedException {
    boolean clean = true;
    for (AutoCloseable resource : stopFirst) {
      clean &= closeQuietly(resource);
    }
    for (Controller<QueueItem> controller : controllers) {
      clean &= controller.stop(CONTROLLER_STOP);
    }
    clean &= factory.shutdown(FACTORY_STOP);
    queues.shutdownAll();
    if (health != null) {
      health.close();
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

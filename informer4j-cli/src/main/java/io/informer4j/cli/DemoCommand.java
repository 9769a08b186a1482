package io.informer4j.cli;

import io.informer4j.cli.demo.DemoType;
import io.informer4j.cli.demo.DemoWorkload;
import io.informer4j.cli.demo.DemoWorld;
import io.informer4j.cli.run.Session;
import io.informer4j.cli.run.SessionSummary;
import io.informer4j.cli.run.WatchedType;
import io.informer4j.meta.Scope;
import io.informer4j.testkit.SimulatedApi;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code informer4j demo}: the whole library at work with nothing installed — the embedded simulated
 * API under a generated workload ({@link DemoWorkload}), a manager whose cache and per-type
 * controllers follow the demo's namespace set-ups ({@link DemoWorld}) with no resync, the health
 * server as one of its components and the live dashboard. Exits 3 when an item from a disallowed
 * namespace reached a queue, else with the run's {@link SessionSummary#exitCode()} (0 for a clean
 * stop, Ctrl-C included).
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Run informers, queues and controllers against an embedded simulated API under a generated workload.")
public final class DemoCommand implements Callable<Integer> {

  /** The exit code when an item from a disallowed namespace reached a queue. */
  public static final int NAMESPACE_VIOLATION = 3;

  @Mixin
  RunOptions run;

  @Option(names = "--rate", defaultValue = "200", paramLabel = "<writes/s>",
      description = "Writes (creates, updates, deletes) per second over all types (default 200).")
  double rate;

  @Option(names = "--objects", defaultValue = "1000", paramLabel = "<n>",
      description = "Objects each type keeps around (default 1000).")
  int objects;

  @Option(names = "--seed", paramLabel = "<n>", description = "Seed of the workload's random choices (default: random, printed).")
  Long seed;

  private final PrintStream out;

  /** @param out where the dashboard, lines and summary go */
  public DemoCommand(PrintStream out) {
    this.out = out;
  }

  @Override
  public Integer call() throws Exception {
    run.validate();
    if (rate < 0 || objects < 0) {
      throw new CliException("--rate and --objects must not be negative", 2, null);
    }
    Path logFile = Logging.configure(run.dashboard());
    long actualSeed = seed != null ? seed : System.nanoTime();
    SimulatedApi api = SimulatedApi.builder().build();
    for (DemoType type : DemoWorld.types()) {
      if (type.installedAtStart()) {
        api.install(type.type(), Scope.NAMESPACED);
      }
    }
    List<WatchedType> watched = DemoWorld.types().stream().map(type -> type.watched(api)).toList();
    Session session = new Session("demo", api, watched, run, out).closeLast(api);
    DemoWorkload workload = new DemoWorkload(api, objects, rate, actualSeed, session.activity());
    session.stopFirst(workload).plannedFaults(workload)
        .headerLine(String.format(Locale.ROOT, "  workload: %d objects per type over %d namespaces, %.0f writes/s, seed %d;"
            + " %s installed after %d s", objects, DemoWorld.NAMESPACES.size(), rate, actualSeed,
            DemoWorld.WIDGETS.kind(), DemoWorkload.INSTALL_AFTER.toSeconds()));
    if (logFile != null) {
      session.logFile(logFile);
    }
    workload.start();
    SessionSummary summary = session.run();
    return summary.disallowed() == 0 ? summary.exitCode() : NAMESPACE_VIOLATION;
  }
}

package io.informer4j.cli;

import io.informer4j.cli.demo.DemoType;
import io.informer4j.cli.demo.DemoWorkload;
import io.informer4j.cli.demo.DemoWorld;
import io.informer4j.cli.run.Session;
import io.informer4j.cli.run.SessionSummary;
import io.informer4j.cli.run.WatchedType;
import io.informer4j.factory.InformerOptions;
import io.informer4j.factory.SharedInformerFactory;
import io.informer4j.meta.Scope;
import io.informer4j.meta.SimpleTypeRegistry;
import io.informer4j.queue.QueueRegistry;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
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
 * API under a generated workload ({@link DemoWorkload}), a shared informer factory with the demo's
 * namespace set-ups ({@link DemoWorld}) and its default of no resync, per-type queues and
 * controllers, the health server and the live dashboard. Exits 0 when the run stopped and no item
 * from a disallowed namespace reached a queue, 3 when one did.
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
    PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    SimulatedApi api = SimulatedApi.builder().build();
    SimpleTypeRegistry types = new SimpleTypeRegistry();
    for (DemoType type : DemoWorld.types()) {
      types.register(type.type(), Scope.NAMESPACED);
      if (type.installedAtStart()) {
        api.install(type.type(), Scope.NAMESPACED);
      }
    }
    QueueRegistry queues = QueueRegistry.builder().meterRegistry(prometheus).build();
    SharedInformerFactory factory = SharedInformerFactory.builder(api.clientProvider(), types, queues)
        .discovery(api.typeDiscovery()).meterRegistry(prometheus).build();
    List<WatchedType> watched = DemoWorld.types().stream().map(DemoType::watched).toList();
    for (WatchedType type : watched) {
      factory.informerFor(type.type(), SimObject.class,
          InformerOptions.builder().name(type.name()).namespaceFilter(type.filter()).build());
    }
    Session session = new Session("demo", factory, queues, prometheus, watched, run, out).closeLast(api);
    DemoWorkload workload = new DemoWorkload(api, objects, rate, actualSeed, session.activity());
    session.stopFirst(workload)
        .headerLine(String.format(Locale.ROOT, "  workload: %d objects per type over %d namespaces, %.0f writes/s, seed %d;"
            + " %s installed after %d s", objects, DemoWorld.NAMESPACES.size(), rate, actualSeed,
            DemoWorld.WIDGETS.kind(), DemoWorkload.INSTALL_AFTER.toSeconds()));
    if (logFile != null) {
      session.headerLine("  logs: " + logFile);
    }
    workload.start();
    SessionSummary summary = session.run();
    return summary.disallowed() == 0 ? 0 : NAMESPACE_VIOLATION;
  }
}

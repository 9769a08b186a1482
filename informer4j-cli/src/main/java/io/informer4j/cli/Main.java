package io.informer4j.cli;

import io.informer4j.cli.watch.EtcdAccess;
import io.informer4j.kubernetes.testserver.TestServerCommand;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code informer4j} program: {@code informer4j demo} runs everything against an embedded
 * simulated API; {@code informer4j watch} shows the same dashboard over a Kubernetes cluster or etcd;
 * {@code informer4j test-server} runs the Kubernetes test server until stopped ({@link TestServerCommand}).
 *
 * <p>Exit codes: 0 success, a run stopped cleanly at the end of its duration or by Ctrl-C/SIGTERM
 * included; 1 a failure of the environment (unreachable server, forbidden, unknown resource, port in
 * use), reported as one line {@code informer4j: <what failed>} on stderr; 2 a usage error; 3 a demo
 * whose namespace audit failed; 128 + the signal's number (130 for Ctrl-C) when a signal stopped a
 * run whose components did not all stop in time, or a second signal ended it at once.
 *
 * <p>Everything the program prints, on stdout, stderr or into its log, passes through
 * {@link io.informer4j.source.Redaction}, so credentials never show.
 */
@Command(name = "informer4j", mixinStandardHelpOptions = true, version = "informer4j 0.1.0-SNAPSHOT",
    description = "List-watch informers, queues and controllers: a live view over a simulated API, a cluster or etcd.",
    subcommands = {DemoCommand.class, WatchCommand.class, TestServerCommand.class})
public final class Main implements Runnable {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  /** Runs the program and exits with its exit code. */
  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err, System.getenv()));
  }

  /**
   * Runs the program with {@code args} and {@code environment}, writing output to {@code out} and
   * errors to {@code err}, both through {@link io.informer4j.source.Redaction}.
   *
   * @return the exit code
   */
  public static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> environment) {
    EtcdAccess.hideSecrets(args, environment.get(EtcdAccess.PASSWORD_VARIABLE));
    PrintStream shownOut = RedactingOutputStream.printStream(out);
    PrintStream shownErr = RedactingOutputStream.printStream(err);
    try {
      return execute(args, shownOut, shownErr, environment);
    } finally {
      shownOut.flush();
      shownErr.flush();
    }
  }

  private static int execute(String[] args, PrintStream out, PrintStream err, Map<String, String> environment) {
    CommandLine commandLine = new CommandLine(Main.class, new Factory(out, environment));
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    commandLine.setExecutionExceptionHandler((exception, line, parsed) -> {
      if (exception instanceof CliException failure) {
        err.println("informer4j: " + failure.getMessage());
        return failure.exitCode();
      }
      err.println("informer4j: unexpected failure: " + CliException.oneLine(exception.toString()));
      org.slf4j.LoggerFactory.getLogger(Main.class).debug("unexpected failure", exception);
      return CliException.FAILED;
    });
    return commandLine.execute(args);
  }

  /** Without a subcommand: prints the usage. */
  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** Builds the commands with the program's output stream and environment. */
  private record Factory(PrintStream out, Map<String, String> environment) implements CommandLine.IFactory {
    @Override
    public <K> K create(Class<K> type) throws Exception {
      if (type == DemoCommand.class) {
        return type.cast(new DemoCommand(out));
      }
      if (type == WatchCommand.class) {
        return type.cast(new WatchCommand(out, environment));
      }
      return CommandLine.defaultFactory().create(type);
    }
  }
}

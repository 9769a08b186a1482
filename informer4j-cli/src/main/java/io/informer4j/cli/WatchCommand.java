package io.informer4j.cli;

import io.informer4j.cli.run.Session;
import io.informer4j.cli.watch.EtcdAccess;
import io.informer4j.cli.watch.EtcdWatch;
import io.informer4j.cli.watch.KubernetesWatch;
import io.informer4j.cli.watch.ResourceSpec;
import io.informer4j.cli.watch.WatchTarget;
import io.informer4j.controller.NamespaceFilter;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.SelectorParseException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code informer4j watch}: the demo's dashboard over a real source — a Kubernetes resource
 * ({@code --resource}, with {@code --kubeconfig} or fabric8's default configuration) or the JSON
 * values under an etcd prefix ({@code --etcd}, {@code --prefix}, with TLS files and credentials as
 * {@link EtcdAccess} reads them) — with the same manager, controller, health server and summary. A
 * first request checks the source, so an unreachable server, rejected credentials or an unknown
 * resource end the program at once with one line on stderr and exit 1.
 */
@Command(name = "watch", mixinStandardHelpOptions = true,
    description = "Watch a Kubernetes resource or an etcd key prefix with an informer, a queue and a controller.")
public final class WatchCommand implements Callable<Integer> {

  @Mixin
  RunOptions run;

  @Option(names = "--resource", paramLabel = "<resource>",
      description = "Kubernetes resource: configmaps, v1/pods, apps/v1/deployments, or group/version/Kind of a custom resource.")
  String resource;

  @Option(names = "--kubeconfig", paramLabel = "<file>",
      description = "Kubeconfig file; default: $KUBECONFIG, ~/.kube/config or the in-cluster service account.")
  Path kubeconfig;

  @Option(names = {"-l", "--label-selector"}, paramLabel = "<labels>",
      description = "Kubernetes label selector (app=web,tier!=db): only matching objects are listed and watched.")
  String labelSelector;

  @Option(names = "--etcd", paramLabel = "<endpoint>",
      description = "etcd endpoint, for example http://127.0.0.1:2379 or https://etcd:2379 (instead of Kubernetes);"
          + " without a scheme (127.0.0.1:2379) it is http://, or https:// with --etcd-cacert or --etcd-cert.")
  String etcd;

  @Option(names = "--etcd-cacert", paramLabel = "<file>",
      description = "CA certificate (PEM) that signed etcd's server certificate; for https:// endpoints.")
  Path etcdCaCert;

  @Option(names = "--etcd-cert", paramLabel = "<file>",
      description = "Client certificate (PEM) for an etcd that checks them (--client-cert-auth); with --etcd-key.")
  Path etcdCert;

  @Option(names = "--etcd-key", paramLabel = "<file>", description = "Private key of --etcd-cert (unencrypted PKCS#8 PEM).")
  Path etcdKey;

  @Option(names = EtcdAccess.USER_OPTION, paramLabel = "<user[:password]>",
      description = "etcd user and password; without :password, the password is read from $"
          + EtcdAccess.PASSWORD_VARIABLE + ".")
  String etcdUser;

  @Option(names = "--prefix", paramLabel = "<prefix>", description = "etcd key prefix; keys are <prefix>/<namespace>/<name>.")
  String prefix;

  @Option(names = "--cluster-scoped", description = "etcd keys are <prefix>/<name>, without a namespace.")
  boolean clusterScoped;

  @Option(names = {"-n", "--namespace"}, paramLabel = "<namespace>",
      description = "Watch one namespace only (tier 1: the list and watch are scoped to it).")
  String namespace;

  @Option(names = "--allowed", split = ",", paramLabel = "<pattern>",
      description = "Namespaces whose events reach the queue (names, prefix* or *suffix; tier 2).")
  List<String> allowed = List.of();

  @Option(names = "--restricted", split = ",", paramLabel = "<pattern>",
      description = "Namespaces whose events never reach the queue (wins over --allowed).")
  List<String> restricted = List.of();

  private final PrintStream out;
  private final Map<String, String> environment;

  /**
   * @param out         where the dashboard, lines and summary go
   * @param environment the program's environment variables ({@value EtcdAccess#PASSWORD_VARIABLE})
   */
  public WatchCommand(PrintStream out, Map<String, String> environment) {
    this.out = out;
    this.environment = Map.copyOf(environment);
  }

  @Override
  public Integer call() throws Exception {
    run.validate();
    NamespaceFilter filter = namespaceFilter();
    Path logFile = Logging.configure(run.dashboard());
    WatchTarget target = prepare(filter);
    Session session = new Session("watch", target.backend(), List.of(target.watched()), run, out)
        .headerLine(target.describe())
        .closeLast(target.resources());
    if (logFile != null) {
      session.logFile(logFile);
    }
    return session.run().exitCode();
  }

  private WatchTarget prepare(NamespaceFilter filter) {
    if (etcd != null) {
      if (prefix == null || resource != null || kubeconfig != null || labelSelector != null) {
        throw new CliException("--etcd needs --prefix, and takes neither --resource, --kubeconfig nor --label-selector", 2,
            null);
      }
      EtcdAccess access = EtcdAccess.of(etcd, etcdCaCert, etcdCert, etcdKey, etcdUser,
          environment.get(EtcdAccess.PASSWORD_VARIABLE));
      return EtcdWatch.prepare(access, prefix, clusterScoped, filter);
    }
    if (etcdCaCert != null || etcdCert != null || etcdKey != null || etcdUser != null) {
      throw new CliException("--etcd-cacert, --etcd-cert, --etcd-key and " + EtcdAccess.USER_OPTION + " need --etcd", 2, null);
    }
    if (resource == null || prefix != null || clusterScoped) {
      throw new CliException("say what to watch: --resource <resource> for Kubernetes, or --etcd <endpoint> --prefix <prefix>",
          2, null);
    }
    return KubernetesWatch.prepare(kubeconfig, ResourceSpec.parse(resource), filter, labels());
  }

  private LabelSelector labels() {
    try {
      return labelSelector == null ? LabelSelector.everything() : LabelSelector.parse(labelSelector);
    } catch (SelectorParseException e) {
      throw new CliException("invalid --label-selector '" + labelSelector + "': " + e.getMessage(), 2, e);
    }
  }

  private NamespaceFilter namespaceFilter() {
    if (namespace != null && (!allowed.isEmpty() || !restricted.isEmpty())) {
      throw new CliException("use either --namespace or --allowed/--restricted", 2, null);
    }
    try {
      return namespace != null ? NamespaceFilter.allowing(namespace) : NamespaceFilter.of(allowed, restricted);
    } catch (IllegalArgumentException e) {
      throw new CliException("invalid namespace rules: " + e.getMessage(), 2, e);
    }
  }
}

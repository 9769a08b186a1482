package io.informer4j.kubernetes.testserver;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesList;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Runs a {@link KubernetesTestServer} as a process, for clients that cannot share the test's JVM
 * (other library lines, kubectl, other languages): {@code java -jar
 * informer4j-kubernetes-testserver-<version>-server.jar [options]} or {@code bin/informer4j
 * test-server [options]}. It listens on a free loopback port unless told otherwise (an address that
 * is not loopback needs {@code --tls-cert-file}, {@code --tls-private-key-file}, and a token, which
 * it makes when none is given), serves the built-in kinds {@code --serve} names, creates the
 * Namespaces of {@code --namespace}, creates and
 * establishes the CRDs of {@code --crd} files, writes a kubeconfig for it ({@code --kubeconfig}),
 * then prints one line {@value #READY} followed by its URL and stays up until SIGTERM (or Ctrl-C, or
 * the end of the process {@code --parent-pid} names), when it closes its connections, prints
 * {@value #STOPPED} and exits.
 *
 * <p>Exit codes: 2 for a usage error (bad option, unreadable CRD file, address refused), 1 when it
 * cannot start; after a signal, the JVM's (143 for SIGTERM).
 */
@Command(name = "test-server", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Runs the informer4j Kubernetes test server until stopped.")
public final class TestServerCommand implements Callable<Integer> {

  /** The first word of the line printed once the server serves: {@code ready <url>}. */
  public static final String READY = "ready";
  /** The line printed once the server has stopped. */
  public static final String STOPPED = "stopped";
  /** The built-in kinds served when {@code --serve} is not given (Namespaces, CRDs and Events always are). */
  public static final List<String> DEFAULT_KINDS = List.of("ConfigMap", "Secret", "Service", "ServiceAccount", "Pod",
      "PersistentVolumeClaim", "apps/v1/Deployment", "apps/v1/StatefulSet", "apps/v1/DaemonSet", "apps/v1/ReplicaSet",
      "batch/v1/Job", "batch/v1/CronJob", "networking.k8s.io/v1/Ingress", "coordination.k8s.io/v1/Lease");

  @Option(names = "--address", defaultValue = "127.0.0.1", description = "Address to listen on (default: ${DEFAULT-VALUE}).")
  String address;

  @Option(names = "--port", defaultValue = "0", description = "Port to listen on; 0 for a free one (default).")
  int port;

  @Option(names = "--kubeconfig", paramLabel = "FILE", description = "Where to write a kubeconfig for the server.")
  Path kubeconfig;

  @Option(names = "--crd", paramLabel = "FILE", description = "A YAML or JSON file of CustomResourceDefinitions to create "
      + "and establish before serving (repeatable).")
  List<Path> crds = new ArrayList<>();

  @Option(names = "--namespace", split = ",", paramLabel = "NAME", description = "Namespaces to create before serving, "
      + "besides default, kube-system, kube-public and kube-node-lease (repeatable).")
  List<String> namespaces = new ArrayList<>();

  @Option(names = "--serve", split = ",", paramLabel = "KIND", description = "Built-in kinds to serve: Deployment, "
      + "apps/v1/Deployment or a fabric8 model class name; --serve= for none (default: common kinds).")
  List<String> serve;

  @Option(names = "--tls-cert-file", paramLabel = "FILE", description = "PEM certificate chain: serve HTTPS.")
  Path certificate;

  @Option(names = "--tls-private-key-file", paramLabel = "FILE", description = "PEM private key of the certificate.")
  Path privateKey;

  @Option(names = "--token", description = "Bearer token every request must carry (made up when the address is not "
      + "loopback and none is given; written to the kubeconfig).")
  String token;

  @Option(names = "--kubernetes-version", paramLabel = "VERSION", description = "The version /version reports, "
      + "v<major>.<minor>.<patch> (default: " + ServerVersion.DEFAULT + "; before v1.35 clients may not compare "
      + "resourceVersions).")
  String kubernetesVersion;

  @Option(names = "--parent-pid", paramLabel = "PID", description = "Stop when this process ends.")
  Long parentPid;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  private final CountDownLatch stopped = new CountDownLatch(1);

  /** Runs the command and exits with its exit code when it fails to start (a running server ends by signal). */
  public static void main(String[] args) {
    int code = new CommandLine(new TestServerCommand()).execute(args);
    if (code != 0) {
      System.exit(code);
    }
  }

  @Override
  public Integer call() throws InterruptedException {
    Listening listening = listening();
    List<CustomResourceDefinition> definitions = readCrds();
    List<Class<? extends HasMetadata>> kinds = kinds();
    if (kubernetesVersion != null) {
      try {
        new ServerVersion(kubernetesVersion);
      } catch (IllegalArgumentException e) {
        throw usage(e.getMessage());
      }
    }
    KubernetesTestServer server = KubernetesTestServer.start(listening);
    if (kubernetesVersion != null) {
      server.reportKubernetesVersion(kubernetesVersion);
    }
    PrintWriter out = spec.commandLine().getOut();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      out.println(STOPPED);
      out.flush();
      stopped.countDown();
    }, "test-server-stop"));
    kinds.forEach(kind -> server.serve(kind));
    server.createNamespaces(namespaces.toArray(String[]::new));
    definitions.forEach(server::createCustomResourceDefinition);
    if (kubeconfig != null) {
      server.writeKubeconfig(kubeconfig);
    }
    if (parentPid != null) {
      ProcessHandle.of(parentPid).ifPresentOrElse(parent -> parent.onExit().thenRun(() -> System.exit(0)),
          () -> System.exit(0));
    }
    out.println(READY + " " + server.url() + (kubeconfig == null ? "" : " kubeconfig " + kubeconfig.toAbsolutePath()));
    out.flush();
    stopped.await();
    return 0;
  }

  private Listening listening() {
    try {
      boolean loopback = java.net.InetAddress.getByName(address).isLoopbackAddress();
      String bearer = token == null && certificate != null && !loopback ? madeUpToken() : token;
      return new Listening(address, port, certificate, privateKey, bearer);
    } catch (java.net.UnknownHostException | IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
  }

  private List<Class<? extends HasMetadata>> kinds() {
    List<Class<? extends HasMetadata>> kinds = new ArrayList<>();
    for (String name : serve == null ? DEFAULT_KINDS : serve) {
      if (name.isBlank()) {
        continue;
      }
      try {
        kinds.add(ModelClasses.find(name.trim()));
      } catch (IllegalArgumentException e) {
        throw usage(e.getMessage());
      }
    }
    return kinds;
  }

  private List<CustomResourceDefinition> readCrds() {
    List<CustomResourceDefinition> definitions = new ArrayList<>();
    KubernetesSerialization serialization = new KubernetesSerialization();
    for (Path file : crds) {
      try (InputStream in = Files.newInputStream(file)) {
        Object read = serialization.unmarshal(in);
        List<?> items = read instanceof KubernetesList list ? list.getItems() : read instanceof List<?> many ? many : List.of(read);
        for (Object item : items) {
          if (!(item instanceof CustomResourceDefinition crd)) {
            throw usage(file + " holds something else than apiextensions.k8s.io/v1 CustomResourceDefinitions");
          }
          definitions.add(crd);
        }
      } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
        throw usage("the CRD file " + file + " could not be read: " + e.getMessage());
      }
    }
    return definitions;
  }

  private CommandLine.ParameterException usage(String message) {
    return new CommandLine.ParameterException(spec.commandLine(), message);
  }

  private static String madeUpToken() {
    byte[] bytes = new byte[24];
    new SecureRandom().nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }
}

package io.informer4j.etcd.testing;

import io.etcd.jetcd.Client;
import io.informer4j.etcd.EtcdClients;
import io.informer4j.testsupport.process.ChildProcess;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * A real single-member etcd for tests and benchmarks: the {@code etcd} binary (Debian package
 * {@code etcd-server}; {@code bin/test} installs it) on 127.0.0.1 with free ports chosen at start
 * (clients, peers, and plain-HTTP metrics and health), a temporary data directory and fsync off.
 * {@link #start} returns once etcd logged that it serves clients and its health endpoint answered
 * healthy, within 60 seconds; otherwise it fails with a message saying why and where the log is.
 * {@link #startTls} serves clients over TLS only and requires client certificates. It runs as a
 * {@link ChildProcess}: stopped by its PID, never by name, also when a test forgets it.
 *
 * <p>{@link #kill()} and {@link #restart()} keep the data directory and ports, so clients reconnect
 * to the same address and see the same data. {@link #pause()} and {@link #resume()} freeze and thaw
 * the process (SIGSTOP, SIGCONT): connections stay open but nothing answers, a black hole.
 * {@link #close()} stops etcd and deletes its files. Not thread-safe.
 */
public final class EtcdServer implements AutoCloseable {

  /** System property naming the etcd binary; default {@code etcd} from the PATH. */
  public static final String BINARY_PROPERTY = "informer4j.etcd.binary";
  private static final Duration STARTUP = Duration.ofSeconds(60);
  private static final List<String> READY = List.of("serving client traffic", "ready to serve client requests");

  private final Path directory;
  private final int clientPort;
  private final int peerPort;
  private final int metricsPort;
  private final TestCertificates tls;
  private final List<String> extraArgs;
  private ChildProcess child;
  private Process process;

  private EtcdServer(Path directory, TestCertificates tls, List<String> extraArgs) {
    this.directory = directory;
    int[] ports = freePorts(3);
    this.clientPort = ports[0];
    this.peerPort = ports[1];
    this.metricsPort = ports[2];
    this.tls = tls;
    this.extraArgs = List.copyOf(extraArgs);
  }

  /** Starts an etcd with default settings. */
  public static EtcdServer start() {
    return start(List.of());
  }

  /**
   * Starts an etcd with extra command-line arguments, such as
   * {@code --experimental-watch-progress-notify-interval=500ms}.
   *
   * @throws IllegalStateException if etcd cannot be started or is not healthy within 60 seconds
   */
  public static EtcdServer start(List<String> extraArgs) {
    return start(null, extraArgs);
  }

  /**
   * Starts an etcd that serves clients over TLS only ({@code https://}) with {@code certificates}'
   * server certificate, and requires client certificates signed by their CA
   * ({@code --client-cert-auth}).
   *
   * @throws IllegalStateException if etcd cannot be started or is not healthy within 60 seconds
   */
  public static EtcdServer startTls(TestCertificates certificates) {
    return start(certificates, List.of());
  }

  private static EtcdServer start(TestCertificates tls, List<String> extraArgs) {
    Path directory;
    try {
      directory = Files.createTempDirectory("informer4j-etcd-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a temporary directory for etcd", e);
    }
    EtcdServer server = new EtcdServer(directory, tls, extraArgs);
    try {
      server.launch();
    } catch (RuntimeException e) {
      server.deleteDirectory();
      throw e;
    }
    return server;
  }

  /** Returns the client URL, {@code http://127.0.0.1:<port>} (with TLS: {@code https://}). */
  public String endpoint() {
    return (tls == null ? "http" : "https") + "://127.0.0.1:" + clientPort;
  }

  /**
   * Returns a new client for this server with {@link EtcdClients}' settings (with TLS: trusting the
   * CA and presenting the client certificate); the caller closes it.
   */
  public Client newClient() {
    if (tls == null) {
      return EtcdClients.connect(endpoint());
    }
    return EtcdClients.builder(endpoint()).trustedCa(tls.ca()).clientCertificate(tls.clientCert(), tls.clientKey()).build();
  }

  /** Returns the etcd log file (stdout and stderr of every run). */
  public Path logFile() {
    return directory.resolve("etcd.log");
  }

  /** Returns true while the etcd process runs. */
  public boolean isRunning() {
    return process != null && process.isAlive();
  }

  /** Kills etcd at once (SIGKILL) and waits for the process to end; data and ports are kept. */
  public void kill() {
    if (process != null) {
      process.destroyForcibly();
      awaitExit();
    }
  }

  /**
   * Freezes etcd (SIGSTOP to its PID): its sockets stay open and accept nothing further, a black hole
   * for clients, until {@link #resume()}.
   */
  public void pause() {
    signal("STOP");
  }

  /** Lets a paused etcd run again (SIGCONT to its PID). */
  public void resume() {
    signal("CONT");
  }

  private void signal(String name) {
    if (!isRunning()) {
      throw new IllegalStateException("etcd is not running");
    }
    child.signal(name);
  }

  /** Starts etcd again on the same data directory and ports. */
  public void restart() {
    if (isRunning()) {
      throw new IllegalStateException("etcd is still running (pid " + process.pid() + ")");
    }
    launch();
  }

  /** Stops etcd (SIGTERM, then SIGKILL after 10 s; a paused etcd is resumed first) and deletes its directory. */
  @Override
  public void close() {
    if (child != null) {
      child.stop();
    }
    deleteDirectory();
  }

  private void launch() {
    String binary = System.getProperty(BINARY_PROPERTY, "etcd");
    List<String> command = new ArrayList<>(List.of(binary,
        "--name", "informer4j-test",
        "--data-dir", directory.resolve("data").toString(),
        "--listen-client-urls", endpoint(),
        "--advertise-client-urls", endpoint(),
        "--listen-peer-urls", "http://127.0.0.1:" + peerPort,
        "--initial-advertise-peer-urls", "http://127.0.0.1:" + peerPort,
        "--initial-cluster", "informer4j-test=http://127.0.0.1:" + peerPort,
        "--listen-metrics-urls", "http://127.0.0.1:" + metricsPort,
        "--unsafe-no-fsync",
        "--logger", "zap",
        "--log-level", "info"));
    if (tls != null) {
      command.addAll(List.of("--cert-file", tls.serverCert().toString(), "--key-file", tls.serverKey().toString(),
          "--trusted-ca-file", tls.ca().toString(), "--client-cert-auth"));
    }
    command.addAll(extraArgs);
    try {
      child = ChildProcess.start(new ProcessBuilder(command).redirectErrorStream(true));
      process = child.process();
    } catch (IOException e) {
      throw new IllegalStateException("cannot start etcd ('" + binary + "'): " + e.getMessage()
          + ". Install the Debian package etcd-server (bin/test does) or set -D" + BINARY_PROPERTY, e);
    }
    CompletableFuture<Void> ready = new CompletableFuture<>();
    Thread pump = new Thread(() -> copyLog(process, ready), "etcd-log-" + process.pid());
    pump.setDaemon(true);
    pump.start();
    try {
      ready.get(STARTUP.toMillis(), TimeUnit.MILLISECONDS);
      checkHealth();
    } catch (TimeoutException e) {
      kill();
      throw new IllegalStateException("etcd did not become ready within " + STARTUP + "; its log:\n" + logTail(), e);
    } catch (ExecutionException e) {
      kill();
      throw new IllegalStateException("etcd exited during startup (" + e.getCause().getMessage() + "); its log:\n"
          + logTail(), e);
    } catch (InterruptedException e) {
      kill();
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while starting etcd", e);
    }
  }

  private void copyLog(Process running, CompletableFuture<Void> ready) {
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(running.getInputStream(), StandardCharsets.UTF_8));
         Writer log = Files.newBufferedWriter(logFile(), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
             StandardOpenOption.APPEND)) {
      String line;
      while ((line = reader.readLine()) != null) {
        log.write(line);
        log.write('\n');
        if (READY.stream().anyMatch(line::contains)) {
          log.flush();
          ready.complete(null);
        }
      }
    } catch (IOException e) {
      ready.completeExceptionally(e);
      return;
    }
    ready.completeExceptionally(new IllegalStateException("etcd ended with status " + exitValue(running)));
  }

  private static String exitValue(Process running) {
    try {
      return Integer.toString(running.waitFor());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "unknown";
    }
  }

  private void checkHealth() throws InterruptedException {
    String health = "http://127.0.0.1:" + metricsPort + "/health";
    HttpRequest request = HttpRequest.newBuilder(URI.create(health)).timeout(STARTUP).build();
    String body;
    try {
      body = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString()).body();
    } catch (IOException e) {
      kill();
      throw new IllegalStateException("etcd's health endpoint " + health + " failed: " + e + "; see " + logFile(), e);
    }
    if (!body.contains("\"health\":\"true\"")) {
      kill();
      throw new IllegalStateException("etcd reports itself unhealthy: " + body + "; see " + logFile());
    }
  }

  private String logTail() {
    try {
      List<String> lines = Files.readAllLines(logFile(), StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  private void awaitExit() {
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        throw new IllegalStateException("etcd (pid " + process.pid() + ") did not exit within 10 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void deleteDirectory() {
    try (Stream<Path> files = Files.walk(directory)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete etcd's directory " + directory, e);
    }
  }

  /**
   * Returns {@code count} distinct free ports on the loopback address: all are held open together
   * while they are chosen, so the system cannot hand the same port out twice.
   */
  private static int[] freePorts(int count) {
    List<ServerSocket> sockets = new ArrayList<>();
    try {
      int[] ports = new int[count];
      for (int i = 0; i < count; i++) {
        ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        sockets.add(socket);
        ports[i] = socket.getLocalPort();
      }
      return ports;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot find free ports on 127.0.0.1", e);
    } finally {
      for (ServerSocket socket : sockets) {
        try {
          socket.close();
        } catch (IOException ignored) {
          // a socket that cannot close leaves its port taken; etcd then reports it at start
        }
      }
    }
  }
}

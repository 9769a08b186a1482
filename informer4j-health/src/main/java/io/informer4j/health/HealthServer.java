package io.informer4j.health;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.informer4j.manager.ManagedComponent;
import io.informer4j.manager.Manager;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves a {@link Manager}'s health over HTTP (the JDK's built-in server, bound to 127.0.0.1 by
 * default), as one of the manager's components:
 * <ul>
 *   <li>{@code GET /katalog}: the structured status as JSON (see {@link Katalog});</li>
 *   <li>{@code GET /healthz}: 200 {@code ok}, or 503 naming what failed ({@link HealthChecks#liveness()});</li>
 *   <li>{@code GET /readyz}: 200 {@code ok}, or 503 with one line per reason ({@link HealthChecks#readiness()});</li>
 *   <li>{@code GET /metrics}: every metric of the manager in Prometheus text: building the server
 *       adds a Prometheus registry to the manager's meter registry.</li>
 * </ul>
 * Other methods get 405, other paths 404. Requests are served by one daemon thread.
 *
 * <pre>{@code
 * Manager manager = Manager.builder(backend).component(m -> HealthServer.builder(m).port(8080).build()).build();
 * }</pre>
 *
 * <p>Thread-safe. The manager starts it before its cache and stops it last.
 */
public final class HealthServer implements ManagedComponent {

  private static final Logger log = LoggerFactory.getLogger(HealthServer.class);

  private final HealthChecks checks;
  private final List<Supplier<HealthReport>> readinessChecks;
  private final Katalog katalog;
  private final PrometheusMeterRegistry prometheus;
  private final String host;
  private final int requestedPort;
  private HttpServer server;
  private ExecutorService executor;

  private HealthServer(Builder b) {
    this.checks = new HealthChecks(b.manager, b.grace, b.clock);
    this.readinessChecks = List.copyOf(b.readinessChecks);
    this.katalog = new Katalog(b.manager, b.sections);
    this.prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    b.manager.meterRegistry().add(prometheus);
    this.host = b.host;
    this.requestedPort = b.port;
  }

  /**
   * Starts configuring a server for {@code manager}.
   *
   * @param manager the manager whose health is served
   */
  public static Builder builder(Manager manager) {
    return new Builder(manager);
  }

  /**
   * Binds and starts serving.
   *
   * @throws BindException naming the address when the port is taken
   * @throws IllegalStateException if already started
   */
  @Override
  public synchronized void start() throws IOException {
    if (server != null) {
      throw new IllegalStateException("the health server is already started");
    }
    HttpServer bound;
    try {
      bound = HttpServer.create(new InetSocketAddress(host, requestedPort), 16);
    } catch (BindException e) {
      throw new BindException("cannot listen on " + host + ":" + requestedPort + ": " + e.getMessage());
    }
    executor = Executors.newSingleThreadExecutor(task -> {
      Thread thread = new Thread(task, "informer4j-health-http");
      thread.setDaemon(true);
      return thread;
    });
    bound.setExecutor(executor);
    bound.createContext("/", this::handle);
    bound.start();
    server = bound;
    log.info("health endpoints on {}", url());
  }

  /** Returns the base URL, for example {@code http://127.0.0.1:8080}. @throws IllegalStateException before start */
  public synchronized URI url() {
    InetSocketAddress address = address();
    return URI.create("http://" + address.getHostString() + ":" + address.getPort());
  }

  /** Returns the port the server listens on (useful with port 0). @throws IllegalStateException before start */
  public synchronized int port() {
    return address().getPort();
  }

  private InetSocketAddress address() {
    if (server == null) {
      throw new IllegalStateException("the health server is not started");
    }
    return server.getAddress();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      if (!"GET".equals(exchange.getRequestMethod())) {
        respond(exchange, 405, "text/plain", "method not allowed\n");
        return;
      }
      switch (exchange.getRequestURI().getPath()) {
        case "/katalog" -> respond(exchange, 200, "application/json", katalog.json());
        case "/healthz" -> report(exchange, checks.liveness());
        case "/readyz" -> report(exchange, readiness());
        case "/metrics" -> respond(exchange, 200, "text/plain; version=0.0.4; charset=utf-8", prometheus.scrape());
        default -> respond(exchange, 404, "text/plain", "not found\n");
      }
    } catch (RuntimeException e) {
      log.warn("health endpoint {} failed", exchange.getRequestURI(), e);
    }
  }

  /** Returns the manager's readiness joined with every added check's: ok when all are, their problems in order. */
  private HealthReport readiness() {
    List<HealthReport> reports = new ArrayList<>();
    reports.add(checks.readiness());
    readinessChecks.forEach(check -> reports.add(check.get()));
    boolean ok = reports.stream().allMatch(HealthReport::ok);
    return new HealthReport(ok, reports.stream().flatMap(r -> r.problems().stream()).toList());
  }

  private static void report(HttpExchange exchange, HealthReport report) throws IOException {
    respond(exchange, report.ok() ? 200 : 503, "text/plain", report.body());
  }

  private static void respond(HttpExchange exchange, int status, String contentType, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", contentType);
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  /** Stops serving and ends the server thread. Idempotent. */
  @Override
  public synchronized boolean stop(Duration timeout) throws InterruptedException {
    if (server == null) {
      return true;
    }
    server.stop(0);
    executor.shutdownNow();
    boolean ended = executor.awaitTermination(timeout.toNanos(), TimeUnit.NANOSECONDS);
    server = null;
    return ended;
  }

  /** Configures a {@link HealthServer}. Not thread-safe. */
  public static final class Builder {
    private final Manager manager;
    private String host = "127.0.0.1";
    private int port;
    private Duration grace = Duration.ofSeconds(60);
    private Clock clock = Clock.systemUTC();
    private final Map<String, Supplier<?>> sections = new LinkedHashMap<>();
    private final List<Supplier<HealthReport>> readinessChecks = new ArrayList<>();

    private Builder(Manager manager) {
      this.manager = Objects.requireNonNull(manager, "manager");
    }

    /** Sets the address to bind (default 127.0.0.1). */
    public Builder host(String host) {
      this.host = Objects.requireNonNull(host, "host");
      return this;
    }

    /** Sets the port (default 0: any free port, see {@link HealthServer#port()}). */
    public Builder port(int port) {
      if (port < 0 || port > 65535) {
        throw new IllegalArgumentException("port out of range: " + port);
      }
      this.port = port;
      return this;
    }

    /** Sets how long an informer may fail in a row and still count as ready (default 60 s). */
    public Builder readinessGrace(Duration grace) {
      this.grace = Objects.requireNonNull(grace, "grace");
      return this;
    }

    /** Sets the wall clock readiness compares failure times with. */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /** Adds a section to {@code /katalog}, built on each request from plain maps, lists and values. */
    public Builder katalogSection(String name, Supplier<?> section) {
      sections.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(section, "section"));
      return this;
    }

    /**
     * Adds {@code check} to {@code /readyz}: ready only when the manager and every added check are
     * (for example a fleet's, {@link FleetHealth#addTo}); called on each request.
     */
    public Builder readinessCheck(Supplier<HealthReport> check) {
      readinessChecks.add(Objects.requireNonNull(check, "check"));
      return this;
    }

    /**
     * Returns the server, not started: give it to the manager ({@code Manager.Builder.component}) or
     * start it yourself. Adds a Prometheus registry to the manager's meter registry.
     */
    public HealthServer build() {
      return new HealthServer(this);
    }
  }
}

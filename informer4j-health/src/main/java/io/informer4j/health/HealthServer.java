package io.informer4j.health;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.informer4j.factory.SharedInformerFactory;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves a factory's health over HTTP (the JDK's built-in server, bound to 127.0.0.1 by default):
 * <ul>
 *   <li>{@code GET /katalog}: the structured status as JSON (see {@link Katalog});</li>
 *   <li>{@code GET /healthz}: 200 {@code ok}, or 503 naming failed informers ({@link HealthChecks#liveness()});</li>
 *   <li>{@code GET /readyz}: 200 {@code ok}, or 503 with one line per reason ({@link HealthChecks#readiness()});</li>
 *   <li>{@code GET /metrics}: Prometheus text from the given registry (404 when none was given).</li>
 * </ul>
 * Other methods get 405, other paths 404. Requests are served by one daemon thread.
 *
 * <p>Thread-safe. {@link #close()} stops the server and its thread.
 */
public final class HealthServer implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(HealthServer.class);

  private final HttpServer server;
  private final ExecutorService executor;
  private final HealthChecks checks;
  private final Katalog katalog;
  private final PrometheusMeterRegistry prometheus;

  private HealthServer(Builder b) throws IOException {
    this.checks = new HealthChecks(b.factory, b.grace, b.clock);
    this.katalog = new Katalog(b.factory, b.sections);
    this.prometheus = b.prometheus;
    try {
      this.server = HttpServer.create(new InetSocketAddress(b.host, b.port), 16);
    } catch (BindException e) {
      throw new BindException("cannot listen on " + b.host + ":" + b.port + ": " + e.getMessage());
    }
    this.executor = Executors.newSingleThreadExecutor(task -> {
      Thread thread = new Thread(task, "informer4j-health-http");
      thread.setDaemon(true);
      return thread;
    });
    server.setExecutor(executor);
    server.createContext("/", this::handle);
    server.start();
    log.info("health endpoints on {}", url());
  }

  /**
   * Starts configuring a server for {@code factory}.
   *
   * @param factory the factory whose health is served
   */
  public static Builder builder(SharedInformerFactory factory) {
    return new Builder(factory);
  }

  /** Returns the base URL, for example {@code http://127.0.0.1:8080}. */
  public URI url() {
    InetSocketAddress address = server.getAddress();
    return URI.create("http://" + address.getHostString() + ":" + address.getPort());
  }

  /** Returns the port the server listens on (useful with port 0). */
  public int port() {
    return server.getAddress().getPort();
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
        case "/readyz" -> report(exchange, checks.readiness());
        case "/metrics" -> {
          if (prometheus == null) {
            respond(exchange, 404, "text/plain", "no metrics registry configured\n");
          } else {
            respond(exchange, 200, "text/plain; version=0.0.4; charset=utf-8", prometheus.scrape());
          }
        }
        default -> respond(exchange, 404, "text/plain", "not found\n");
      }
    } catch (RuntimeException e) {
      log.warn("health endpoint {} failed", exchange.getRequestURI(), e);
    }
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

  /** Stops serving and ends the server thread. */
  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }

  /** Configures a {@link HealthServer}. Not thread-safe. */
  public static final class Builder {
    private final SharedInformerFactory factory;
    private String host = "127.0.0.1";
    private int port;
    private Duration grace = Duration.ofSeconds(60);
    private Clock clock = Clock.systemUTC();
    private PrometheusMeterRegistry prometheus;
    private final Map<String, Supplier<?>> sections = new LinkedHashMap<>();

    private Builder(SharedInformerFactory factory) {
      this.factory = Objects.requireNonNull(factory, "factory");
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

    /** Serves {@code /metrics} from this registry. */
    public Builder prometheus(PrometheusMeterRegistry registry) {
      this.prometheus = Objects.requireNonNull(registry, "registry");
      return this;
    }

    /** Adds a section to {@code /katalog}, built on each request from plain maps, lists and values. */
    public Builder katalogSection(String name, Supplier<?> section) {
      sections.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(section, "section"));
      return this;
    }

    /**
     * Binds and starts the server.
     *
     * @throws UncheckedIOException wrapping a {@link BindException} naming the address when the port is taken
     */
    public HealthServer start() {
      try {
        return new HealthServer(this);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}

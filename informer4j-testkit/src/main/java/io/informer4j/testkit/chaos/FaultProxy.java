package io.informer4j.testkit.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * A TCP proxy on a free loopback port that forwards to one target and injects the faults of real
 * networks and servers, switched at runtime: for connections that are open ({@link #applyToOpen},
 * {@link ProxyConnection#apply}) or that it will accept ({@link #applyToNew},
 * {@link #refuseConnections()}) — cut, stall, black hole, garbage, truncation
 * ({@link ConnectionFault}).
 *
 * <p>As an {@linkplain Protocol#HTTP HTTP/1.1} proxy it also reads each request (recorded:
 * {@link #requests()}) and each response, and can answer requests itself
 * ({@link #answer}: 4xx, 5xx, 410 Expired, 429 with Retry-After, as {@link CannedResponse}s), end
 * response bodies in their middle ({@link #truncateResponses}), and fault single events of
 * Kubernetes watch streams ({@link #faultEvents}: half events, objects that no longer bind, events
 * split across chunks). WebSocket upgrades are forwarded, then copied as bytes without HTTP faults.
 *
 * <p>Each connection is forwarded by two daemon threads, one per direction. {@link #heal()} stops
 * every fault that is still to come and every stall; black-holed connections stay silent (clients
 * must notice them). Garbage bytes and cut points come from a seeded random. Thread-safe.
 */
public final class FaultProxy implements AutoCloseable {

  /**
   * A number of matches for {@link #applyToNew}, {@link #answer}, {@link #truncateResponses} and
   * {@link #faultEvents}: until {@link #heal()}.
   */
  public static final int UNTIL_HEALED = Integer.MAX_VALUE;

  /** What the proxy understands of the bytes it forwards. */
  public enum Protocol {
    /** Bytes only: the connection faults apply, the HTTP rules do not. */
    TCP,
    /** HTTP/1.1: requests recorded, the HTTP rules apply too. */
    HTTP
  }

  private static final Duration ACCEPTOR_EXIT = Duration.ofSeconds(5);

  private final InetSocketAddress target;
  private final Protocol protocol;
  private final Duration connectTimeout;
  private final Random random;
  private final Clock clock = Clock.systemUTC();
  private final FaultPlan plan = new FaultPlan();
  private final Map<Long, ProxyConnection> connections = new ConcurrentHashMap<>();
  private final List<ProxiedRequest> requests = new ArrayList<>();
  private final AtomicLong connectionIds = new AtomicLong();
  private final int port;
  private ServerSocket listener;
  private Thread acceptor;
  private boolean closed;

  private FaultProxy(Builder builder) {
    this.target = builder.target;
    this.protocol = builder.protocol;
    this.connectTimeout = builder.connectTimeout;
    this.random = new Random(builder.seed);
    this.listener = bind(0);
    this.port = listener.getLocalPort();
    startAccepting(listener);
  }

  /** Starts an HTTP/1.1 proxy to {@code host:port} with default settings. */
  public static FaultProxy http(String host, int port) {
    return builder(host, port).protocol(Protocol.HTTP).start();
  }

  /** Starts a byte-level proxy to {@code host:port} with default settings. */
  public static FaultProxy tcp(String host, int port) {
    return builder(host, port).protocol(Protocol.TCP).start();
  }

  /** Starts configuring a proxy to {@code host:port}. */
  public static Builder builder(String host, int port) {
    return new Builder(InetSocketAddress.createUnresolved(host, port));
  }

  /** Returns the loopback port the proxy listens on (kept while it refuses connections). */
  public int port() {
    return port;
  }

  /** Returns {@code http://127.0.0.1:<port>/}. */
  public String url() {
    return "http://127.0.0.1:" + port + "/";
  }

  /** Returns the target it forwards to. */
  public InetSocketAddress target() {
    return target;
  }

  /** Returns the open connections, oldest first. */
  public List<ProxyConnection> connections() {
    List<ProxyConnection> open = new ArrayList<>(connections.values());
    open.sort(Comparator.comparingLong(ProxyConnection::id));
    return open;
  }

  /** Returns how many connections were accepted so far. */
  public long acceptedConnections() {
    return connectionIds.get();
  }

  /** Applies {@code fault} to every open connection now; returns how many there were. */
  public int applyToOpen(ConnectionFault fault) {
    Objects.requireNonNull(fault, "fault");
    List<ProxyConnection> open = connections();
    open.forEach(connection -> connection.apply(fault));
    return open.size();
  }

  /**
   * Applies {@code fault} to each of the next {@code times} connections accepted (or to every one
   * until {@link #heal()}: {@link #UNTIL_HEALED}), as soon as it is accepted: a cut closes it before
   * the target hears of it, a stall runs from its acceptance. Several such faults add up.
   */
  public void applyToNew(ConnectionFault fault, int times) {
    plan.addNewConnectionFault(Objects.requireNonNull(fault, "fault"), positive(times));
  }

  /**
   * Stops listening until {@link #acceptConnections()} or {@link #heal()}, so connection attempts
   * are refused by the operating system, as when the server is down; open connections are not
   * touched.
   */
  public synchronized void refuseConnections() {
    stopListening();
  }

  /**
   * Listens again, on the same port, after {@link #refuseConnections()}; nothing else changes.
   *
   * @throws IllegalStateException if the port cannot be listened on again
   */
  public synchronized void acceptConnections() {
    if (listener == null && !closed) {
      listener = bind(port);
      startAccepting(listener);
    }
  }

  /**
   * Answers the next {@code times} requests that match {@code which} with {@code response} instead of
   * forwarding them (their bodies are read and dropped).
   *
   * @throws IllegalStateException if this is not an HTTP proxy
   */
  public void answer(Predicate<ProxiedRequest> which, CannedResponse response, int times) {
    requireHttp();
    plan.addAnswer(Objects.requireNonNull(which, "which"), Objects.requireNonNull(response, "response"), positive(times));
  }

  /**
   * Ends the bodies of the responses to the next {@code times} requests that match {@code which}
   * after {@code afterBodyBytes} bytes of body, as {@code how} says.
   *
   * @throws IllegalStateException if this is not an HTTP proxy
   */
  public void truncateResponses(Predicate<ProxiedRequest> which, long afterBodyBytes, Truncation how, int times) {
    requireHttp();
    if (afterBodyBytes < 0) {
      throw new IllegalArgumentException("cannot truncate after a negative number of bytes: " + afterBodyBytes);
    }
    plan.addCut(Objects.requireNonNull(which, "which"), new FaultPlan.ResponseCut(afterBodyBytes, Objects.requireNonNull(how, "how")),
        positive(times));
  }

  /**
   * Applies {@code fault} to the next {@code times} watch events, over every chunked watch stream,
   * of the given types ({@code ADDED}, {@code MODIFIED}, {@code DELETED}, {@code BOOKMARK},
   * {@code ERROR}; none given: any type).
   *
   * @throws IllegalArgumentException if {@link EventFault#CORRUPT_OBJECT} is asked of events that
   *                                  carry no object (BOOKMARK, ERROR)
   * @throws IllegalStateException    if this is not an HTTP proxy
   */
  public void faultEvents(EventFault fault, int times, String... eventTypes) {
    requireHttp();
    Set<String> types = Set.copyOf(Arrays.asList(eventTypes));
    if (fault == EventFault.CORRUPT_OBJECT && !Set.of("ADDED", "MODIFIED", "DELETED").containsAll(types)) {
      throw new IllegalArgumentException("only ADDED, MODIFIED and DELETED events carry an object: " + types);
    }
    plan.addEventFault(Objects.requireNonNull(fault, "fault"), types, positive(times));
  }

  /**
   * Stops faulting: forgets every rule and new-connection fault, ends every stall, and listens again
   * after {@link #refuseConnections()}. Black-holed connections stay silent.
   *
   * @throws IllegalStateException if the port cannot be listened on again
   */
  public synchronized void heal() {
    plan.clear();
    connections.values().forEach(ProxyConnection::endStall);
    acceptConnections();
  }

  /** Returns the requests received so far (HTTP only), oldest first. */
  public List<ProxiedRequest> requests() {
    synchronized (requests) {
      return List.copyOf(requests);
    }
  }

  /** Returns how many requests received so far match {@code which}. */
  public long requestCount(Predicate<ProxiedRequest> which) {
    return requests().stream().filter(which).count();
  }

  /** Forgets the recorded requests. */
  public void clearRequests() {
    synchronized (requests) {
      requests.clear();
    }
  }

  /** Stops listening and closes every connection. Idempotent. */
  @Override
  public synchronized void close() {
    closed = true;
    stopListening();
    connections().forEach(connection -> connection.apply(ConnectionFault.cut()));
  }

  private void startAccepting(ServerSocket socket) {
    acceptor = new Thread(() -> accept(socket), "fault-proxy-" + port + "-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /**
   * Closes the listening socket and waits for the accepting thread to end: a thread blocked in
   * accept keeps the socket listening in the kernel until it wakes up, so only then are new
   * connections refused.
   */
  private void stopListening() {
    if (listener == null) {
      return;
    }
    try {
      listener.close();
    } catch (IOException e) {
      // closed anyway
    }
    listener = null;
    try {
      acceptor.join(ACCEPTOR_EXIT.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void accept(ServerSocket socket) {
    while (true) {
      Socket client;
      try {
        client = socket.accept();
      } catch (IOException e) {
        return; // the listener was closed
      }
      try {
        open(client);
      } catch (IOException e) {
        closeQuietly(client);
      }
    }
  }

  private void open(Socket client) throws IOException {
    client.setTcpNoDelay(true);
    long id = connectionIds.incrementAndGet();
    ProxyConnection connection = new ProxyConnection(id, client, clock.instant(), random, c -> connections.remove(c.id()));
    connections.put(id, connection);
    plan.takeNewConnectionFaults().forEach(connection::apply);
    if (connection.isOpen()) {
      connection.start(target, connectTimeout, protocol == Protocol.HTTP, plan, this::record, random, clock,
          "fault-proxy-" + port + "#" + id);
    }
  }

  private void record(ProxiedRequest request) {
    synchronized (requests) {
      requests.add(request);
    }
  }

  private void requireHttp() {
    if (protocol != Protocol.HTTP) {
      throw new IllegalStateException("HTTP faults need an HTTP proxy; this one forwards bytes only");
    }
  }

  private static int positive(int times) {
    if (times < 1) {
      throw new IllegalArgumentException("a rule needs at least one match: " + times);
    }
    return times;
  }

  private static ServerSocket bind(int port) {
    try {
      ServerSocket socket = new ServerSocket();
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 128);
      return socket;
    } catch (SocketException e) {
      throw new IllegalStateException("the fault proxy cannot listen on 127.0.0.1:" + port + ": " + e.getMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException("the fault proxy cannot listen on 127.0.0.1:" + port, e);
    }
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // closing anyway
    }
  }

  /** Options of a {@link FaultProxy}. Not thread-safe. */
  public static final class Builder {
    private final InetSocketAddress target;
    private Protocol protocol = Protocol.HTTP;
    private Duration connectTimeout = Duration.ofSeconds(5);
    private long seed;

    private Builder(InetSocketAddress target) {
      this.target = target;
    }

    /** Sets what the proxy understands of the bytes it forwards; default {@link Protocol#HTTP}. */
    public Builder protocol(Protocol protocol) {
      this.protocol = Objects.requireNonNull(protocol, "protocol");
      return this;
    }

    /** Sets how long connecting to the target may take before the client's connection is closed; default 5 s. */
    public Builder connectTimeout(Duration timeout) {
      if (timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException("the connect timeout must be positive: " + timeout);
      }
      this.connectTimeout = timeout;
      return this;
    }

    /** Sets the random seed of the source of garbage bytes and cut points; default 0. */
    public Builder seed(long seed) {
      this.seed = seed;
      return this;
    }

    /**
     * Starts listening on a free loopback port.
     *
     * @throws IllegalStateException if no port can be listened on
     */
    public FaultProxy start() {
      return new FaultProxy(this);
    }
  }
}

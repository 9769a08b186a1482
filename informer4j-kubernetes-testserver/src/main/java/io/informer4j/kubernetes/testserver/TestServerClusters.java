package io.informer4j.kubernetes.testserver;

import io.fabric8.kubernetes.client.Config;
import io.informer4j.fleet.ClusterDefinition;
import io.informer4j.fleet.ClusterListener;
import io.informer4j.fleet.ClusterProvider;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.source.Backend;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A fleet of in-process test servers, each over a simulated API of its own, and the
 * {@link ClusterProvider} that reports them (named {@code cluster-0} … {@code cluster-<n-1>}, then
 * whatever {@link #add} names): for tests of a {@link io.informer4j.fleet.FleetManager}. Servers can
 * be added and removed while the fleet runs; the listener hears of it. More fleets over the same
 * servers (the replicas of a sharded fleet) each take a {@link #provider()} of their own.
 *
 * <pre>{@code
 * try (TestServerClusters clusters = TestServerClusters.start(10, s -> s.serve(ConfigMap.class),
 *          config -> KubernetesBackend.connect(config));
 *      FleetManager fleet = FleetManager.builder(clusters).build()) { ... }
 * }</pre>
 *
 * <p>Thread-safe. {@link #close()} stops reporting (to every provider) and stops every server.
 */
public final class TestServerClusters implements ClusterProvider {

  private final Consumer<KubernetesTestServer> setup;
  private final Function<Config, Backend> connector;
  private final Map<String, KubernetesTestServer> servers = new LinkedHashMap<>();
  private final List<ClusterListener> listeners = new ArrayList<>();
  private ClusterListener listener;
  private boolean closed;

  private TestServerClusters(Consumer<KubernetesTestServer> setup, Function<Config, Backend> connector) {
    this.setup = setup;
    this.connector = connector;
  }

  /**
   * Starts {@code count} servers, each prepared by {@code setup} (the types it serves); each cluster
   * connects through {@code connector} given the client configuration of its server.
   */
  public static TestServerClusters start(int count, Consumer<KubernetesTestServer> setup,
                                         Function<Config, Backend> connector) {
    if (count < 0) {
      throw new IllegalArgumentException("the number of servers must not be negative: " + count);
    }
    TestServerClusters clusters = new TestServerClusters(Objects.requireNonNull(setup, "setup"),
        Objects.requireNonNull(connector, "connector"));
    try {
      for (int i = 0; i < count; i++) {
        clusters.add("cluster-" + i);
      }
    } catch (RuntimeException e) {
      clusters.close();
      throw e;
    }
    return clusters;
  }

  /**
   * Starts a server named {@code name} and reports it if the provider has started.
   *
   * @throws IllegalArgumentException if a server has that name
   * @throws IllegalStateException    if closed
   */
  public KubernetesTestServer add(String name) {
    List<ClusterListener> toTell;
    KubernetesTestServer server;
    synchronized (this) {
      if (closed) {
        throw new IllegalStateException("the test server fleet is closed");
      }
      if (servers.containsKey(name)) {
        throw new IllegalArgumentException("a test server is named '" + name + "' already");
      }
      server = KubernetesTestServer.start();
      servers.put(name, server);
      setup.accept(server);
      toTell = List.copyOf(listeners);
    }
    toTell.forEach(l -> l.appeared(definition(name, server)));
    return server;
  }

  /**
   * Reports the cluster {@code name} gone, then stops its server.
   *
   * @throws IllegalArgumentException if no server has that name
   */
  public void remove(String name) {
    List<ClusterListener> toTell;
    KubernetesTestServer server;
    synchronized (this) {
      server = servers.remove(name);
      toTell = List.copyOf(listeners);
    }
    if (server == null) {
      throw new IllegalArgumentException("no test server is named '" + name + "'");
    }
    toTell.forEach(l -> l.disappeared(name));
    server.close();
  }

  /**
   * Reports the cluster {@code name} changed (as a new kubeconfig would), so a fleet disengages it
   * and engages it anew with a new backend.
   *
   * @throws IllegalArgumentException if no server has that name
   */
  public void reconnect(String name) {
    List<ClusterListener> toTell;
    ClusterDefinition definition;
    synchronized (this) {
      definition = definition(name, server(name));
      toTell = List.copyOf(listeners);
    }
    toTell.forEach(l -> l.changed(definition));
  }

  /** Returns the server of the cluster named {@code name}, or throws {@link IllegalArgumentException}. */
  public synchronized KubernetesTestServer server(String name) {
    KubernetesTestServer server = servers.get(name);
    if (server == null) {
      throw new IllegalArgumentException("no test server is named '" + name + "'");
    }
    return server;
  }

  /** Returns the clusters' names, in the order they were added. */
  public synchronized List<String> names() {
    return List.copyOf(servers.keySet());
  }

  private ClusterDefinition definition(String name, KubernetesTestServer server) {
    return new ClusterDefinition(name, () -> connector.apply(server.clientConfig()));
  }

  /**
   * Reports every server to {@code listener}, and every server added or removed from now on.
   *
   * @throws IllegalStateException if started before
   */
  @Override
  public void start(ClusterListener listener, InformerRuntime runtime) {
    synchronized (this) {
      if (this.listener != null) {
        throw new IllegalStateException("the test server fleet has been started already");
      }
      this.listener = Objects.requireNonNull(listener, "listener");
    }
    report(listener);
  }

  /** Adds {@code listener} and reports every server to it. */
  private void report(ClusterListener listener) {
    List<ClusterDefinition> known = new ArrayList<>();
    synchronized (this) {
      listeners.add(listener);
      servers.forEach((name, server) -> known.add(definition(name, server)));
    }
    known.forEach(listener::appeared);
  }

  /**
   * Returns another provider of these servers, for one more fleet over the same clusters (a replica
   * of a sharded fleet): started, it reports every server, then those added, changed or removed;
   * closed, it stops reporting and leaves the servers running. Each may be started once.
   */
  public ClusterProvider provider() {
    return new ClusterProvider() {
      private ClusterListener started;

      @Override
      public void start(ClusterListener listener, InformerRuntime runtime) {
        synchronized (TestServerClusters.this) {
          if (started != null) {
            throw new IllegalStateException("this provider of the test server fleet has been started already");
          }
          started = Objects.requireNonNull(listener, "listener");
        }
        report(listener);
      }

      @Override
      public void close() {
        synchronized (TestServerClusters.this) {
          listeners.remove(started);
        }
      }
    };
  }

  /** Stops reporting and stops every server. Idempotent. */
  @Override
  public void close() {
    List<KubernetesTestServer> toClose;
    synchronized (this) {
      closed = true;
      listener = null;
      listeners.clear();
      toClose = new ArrayList<>(servers.values());
      servers.clear();
    }
    toClose.forEach(KubernetesTestServer::close);
  }
}

package io.informer4j.fleet;

import io.informer4j.controller.Controller;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectKey;
import io.informer4j.reader.InformersMap;
import io.informer4j.source.Backend;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One engaged cluster of a {@link FleetManager}: its backend (write through it: for Kubernetes,
 * {@code ((KubernetesBackend) cluster.backend()).client()}), its cache (read through
 * {@code cache().reader(type)}) and the {@link Manager} that runs its controllers on the fleet's
 * runtime. Valid until the cluster is disengaged. Thread-safe.
 */
public final class EngagedCluster {

  private static final Logger log = LoggerFactory.getLogger(EngagedCluster.class);

  private final String name;
  private final Backend backend;
  private final Manager manager;
  private final MeterRegistry meterRegistry;
  private final Map<String, Controller<ObjectKey>> controllers = new ConcurrentHashMap<>();

  EngagedCluster(String name, Backend backend, Manager manager, MeterRegistry meterRegistry) {
    this.name = name;
    this.backend = backend;
    this.manager = manager;
    this.meterRegistry = meterRegistry;
  }

  /** Returns the cluster's name. */
  public String name() {
    return name;
  }

  /** Returns the cluster's backend, which the fleet owns and closes when it disengages the cluster. */
  public Backend backend() {
    return backend;
  }

  /** Returns the cluster's cache. */
  public InformersMap cache() {
    return manager.cache();
  }

  /** Returns the manager of the cluster's cache and controllers; the fleet starts and stops it. */
  public Manager manager() {
    return manager;
  }

  /** Returns the registry whose meters carry this cluster's {@code cluster} tag. */
  public MeterRegistry meterRegistry() {
    return meterRegistry;
  }

  /** Remembers the cluster's instance of the fleet controller {@code name}. */
  void declared(String name, Controller<ObjectKey> controller) {
    controllers.put(name, controller);
  }

  /**
   * Queues {@code key} for the cluster's instance of the fleet controller {@code controller}, for
   * reconcilers that watch one cluster and act on others (a hub's change reconciled in every member).
   *
   * @return false if that controller does not run in this cluster
   */
  public boolean enqueue(String controller, ObjectKey key) {
    Controller<ObjectKey> instance = controllers.get(controller);
    if (instance == null) {
      return false;
    }
    instance.queue().add(key);
    return true;
  }

  /** Queues again the cached keys of every controller of the cluster (its shard was gained); returns how many. */
  int requeueAll() {
    int queued = 0;
    for (String controller : controllers.keySet()) {
      queued += manager.requeue(controller);
    }
    return queued;
  }

  /** Returns why the cluster's manager stopped on a fatal cause, or null. */
  String failure() {
    if (!manager.stopped().isCompletedExceptionally()) {
      return null;
    }
    try {
      manager.stopped().join();
      return null;
    } catch (CompletionException e) {
      return String.valueOf(e.getCause());
    }
  }

  /** Returns this cluster's status now; {@code owned} says whether its controllers reconcile here. */
  ClusterStatus status(boolean owned) {
    String failure = failure();
    return new ClusterStatus(name, failure == null && manager.isReady(), owned, failure,
        manager.cache().entries().size(),
        manager.controllers());
  }

  /**
   * Stops the manager, then closes the backend.
   *
   * @return true if everything ended within {@code timeout}
   */
  boolean stop(Duration timeout) throws InterruptedException {
    boolean ended = manager.stop(timeout);
    if (backend instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        log.warn("cluster '{}': closing its backend failed: {}", name, e.toString());
      }
    }
    return ended;
  }
}

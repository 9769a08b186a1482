package io.informer4j.kubernetes.testserver;

import io.informer4j.testkit.SimulatedApi;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The apiextensions-apiserver's controllers, in one background thread: a created CRD gets its names
 * accepted (a MODIFIED event with {@code NamesAccepted=True}, {@code Established=False}), its types
 * served, then {@code Established=True} (a second MODIFIED event) — so a client sees the CRD appear
 * unestablished and sees the update that establishes it, as on a cluster; an established CRD whose
 * versions change is served anew; a CRD being deleted stops being served, its objects are deleted
 * (DELETED events) and its cleanup finalizer removed, which deletes it (the finalizer controller,
 * pkg/controller/finalizer/crd_finalizer.go). Thread-safe.
 */
final class CrdController implements ObjectWrites.WriteListener, AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(CrdController.class);

  private final ObjectWrites writes;
  private final ServedTypes types;
  private final SimulatedApi api;
  private final ExecutorService worker = DaemonThreads.single("kubernetes-test-server-crds");
  private final Map<String, CompletableFuture<Void>> established = new ConcurrentHashMap<>();

  CrdController(ObjectWrites writes, ServedTypes types, SimulatedApi api) {
    this.writes = writes;
    this.types = types;
    this.api = api;
  }

  @Override
  public void written(ResourceType type, Map<String, Object> before, Map<String, Object> after, String propagation) {
    if (!type.equals(CustomResourceDefinitions.CRD) || after == null) {
      return;
    }
    String name = Documents.text(Documents.childOrEmpty(after, "metadata"), "name");
    if (before == null) {
      worker.execute(() -> establish(name));
    } else if (ObjectRules.isDeleting(after) && !ObjectRules.isDeleting(before)) {
      worker.execute(() -> cleanUp(name, after));
    } else if (CustomResourceDefinitions.isEstablished(after) && !ObjectRules.isDeleting(after)) {
      worker.execute(() -> serve(after));
    }
  }

  /**
   * Waits until the CRD {@code name} is established.
   *
   * @throws IllegalStateException if it is not within {@code timeout}, or the wait is interrupted
   */
  void awaitEstablished(String name, Duration timeout) {
    try {
      future(name).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the CRD " + name, e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("the CRD " + name + " was not established within " + timeout, e);
    }
  }

  private CompletableFuture<Void> future(String name) {
    return established.computeIfAbsent(name, n -> new CompletableFuture<>());
  }

  private void establish(String name) {
    try {
      writes.replace(CustomResourceDefinitions.CRD, null, name,
          crd -> CustomResourceDefinitions.namesAccepted(crd, writes.rules().now()), true, ObjectWrites.WriteOptions.CONTROLLERS);
      writes.find(CustomResourceDefinitions.CRD, null, name).ifPresent(this::serve);
      writes.replace(CustomResourceDefinitions.CRD, null, name,
          crd -> CustomResourceDefinitions.established(crd, writes.rules().now()), true, ObjectWrites.WriteOptions.CONTROLLERS);
      future(name).complete(null);
    } catch (RejectedRequest gone) {
      log.debug("the CRD {} went away while being established: {}", name, gone.getMessage());
    }
  }

  /** Serves the CRD's served versions and stops serving the versions it no longer serves. */
  private void serve(Map<String, Object> crd) {
    List<ResourceType> served = CustomResourceDefinitions.servedTypes(crd);
    for (ResourceType old : types.all()) {
      if (old.storageType().equals(served.get(0).storageType()) && !served.contains(old)) {
        types.remove(old);
      }
    }
    for (ResourceType type : served) {
      writes.serve(type, CustomResourceDefinitions.schema(crd, type.type().version()), false,
          CustomResourceDefinitions.scale(crd, type.type().version()));
    }
  }

  private void cleanUp(String name, Map<String, Object> crd) {
    for (ResourceType type : CustomResourceDefinitions.servedTypes(crd)) {
      types.remove(type);
    }
    api.uninstall(CustomResourceDefinitions.storageType(crd));
    established.remove(name);
    try {
      writes.replace(CustomResourceDefinitions.CRD, null, name, CustomResourceDefinitions::cleanedUp, false,
          ObjectWrites.WriteOptions.CONTROLLERS);
    } catch (RejectedRequest gone) {
      log.debug("the CRD {} went away while being cleaned up: {}", name, gone.getMessage());
    }
  }

  @Override
  public void close() {
    worker.shutdownNow();
  }
}

package io.informer4j.benchmarks.informer;

import io.informer4j.informer.EventHandler;
import io.kubernetes.client.informer.ResourceEventHandler;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import java.util.concurrent.CompletableFuture;

/**
 * The handler both informers get, so both do the same (minimal) work per notification: count adds
 * and updates, and complete a future when a count reaches its target.
 *
 * <p>Each informer calls a handler from one thread at a time, with a happens-before edge between
 * calls, so the counters are plain fields. Set a target with {@link #expectAdds} or
 * {@link #expectMoreUpdates} only while no notification is in flight for this handler.
 */
public final class CountingHandler implements EventHandler<V1ConfigMap>, ResourceEventHandler<V1ConfigMap> {

  private long adds;
  private long updates;
  private long expectedUpdates;
  private volatile long addTarget = Long.MAX_VALUE;
  private volatile long updateTarget = Long.MAX_VALUE;
  private volatile CompletableFuture<Void> addsReached = new CompletableFuture<>();
  private volatile CompletableFuture<Void> updatesReached = new CompletableFuture<>();

  /** Returns a future completed when this handler has received {@code total} adds in all. */
  public CompletableFuture<Void> expectAdds(long total) {
    CompletableFuture<Void> reached = new CompletableFuture<>();
    addsReached = reached;
    addTarget = total;
    return reached;
  }

  /** Returns a future completed when this handler has received {@code more} updates beyond those expected so far. */
  public CompletableFuture<Void> expectMoreUpdates(long more) {
    CompletableFuture<Void> reached = new CompletableFuture<>();
    expectedUpdates += more;
    updatesReached = reached;
    updateTarget = expectedUpdates;
    return reached;
  }

  @Override
  public void onAdd(V1ConfigMap object, boolean inInitialList) {
    onAdd(object);
  }

  @Override
  public void onAdd(V1ConfigMap object) {
    if (++adds == addTarget) {
      addsReached.complete(null);
    }
  }

  @Override
  public void onUpdate(V1ConfigMap oldObject, V1ConfigMap newObject) {
    if (++updates == updateTarget) {
      updatesReached.complete(null);
    }
  }

  @Override
  public void onDelete(V1ConfigMap lastState, boolean finalStateUnknown) {
    // deletes are not part of these benchmarks
  }

  /** Returns how many adds were received; read it only after a target future completed. */
  public long adds() {
    return adds;
  }

  /** Returns how many updates were received; read it only after a target future completed. */
  public long updates() {
    return updates;
  }
}

package io.informer4j.kubernetes.operator;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.informer4j.controller.Reconciler;
import io.informer4j.controller.Result;
import io.informer4j.meta.ObjectKey;
import io.informer4j.reader.CacheReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A reconciler of a primary type whose objects carry a finalizer, so external state can be cleaned
 * up before they go. For each key it reads the object from the cache, then:
 * <ul>
 *   <li>gone: nothing to do;</li>
 *   <li>live without the finalizer: adds it (an update with the object's resourceVersion as
 *       precondition), then reconciles the server's answer — so the finalizer is on the object
 *       before its first reconcile;</li>
 *   <li>live with it: reconciles the object;</li>
 *   <li>being deleted ({@code deletionTimestamp} set) with the finalizer: runs the cleanup, and only
 *       when the cleanup returned true removes the finalizer (a cleanup that throws or returns false
 *       keeps it: the exception is rethrown for a retry with backoff, false is a rate-limited requeue);</li>
 *   <li>being deleted without it: nothing to do.</li>
 * </ul>
 * A 409 on adding or removing the finalizer re-reads the object (cache, then server) and tries again
 * on what was read, bounded ({@link ConflictRetriesExhaustedException} then). The finalizer of a
 * re-created object of the same name (another uid) is never removed for the old one's cleanup.
 *
 * <pre>{@code
 * manager.controller("websites", websites).reconcile(FinalizingReconciler.builder(cache, writes)
 *     .finalizer("example.com/cleanup")
 *     .reconcile(site -> { ...; return Result.done(); })
 *     .cleanup(site -> bucket.delete(site.getMetadata().getName()))
 *     .build());
 * }</pre>
 *
 * <p>Thread-safe when the steps are: the controller never reconciles one key on two workers.
 *
 * @param <T> the primary type
 */
public final class FinalizingReconciler<T extends HasMetadata> implements Reconciler<ObjectKey> {

  private static final Logger log = LoggerFactory.getLogger(FinalizingReconciler.class);

  /** Reconciles a live object that carries the finalizer. */
  @FunctionalInterface
  public interface ObjectReconciler<T> {
    /** Reconciles {@code object} (a copy: change and write it as needed); see {@link Reconciler} for outcomes. */
    Result reconcile(T object) throws Exception;
  }

  /** Cleans up after an object being deleted. */
  @FunctionalInterface
  public interface Cleanup<T> {
    /**
     * Cleans up what {@code object} stands for; must be idempotent (it runs again after a failure).
     *
     * @return true when the cleanup is complete and the finalizer may go; false to keep it and retry later
     * @throws Exception a failure: the finalizer stays and the reconcile is retried with backoff
     */
    boolean cleanUp(T object) throws Exception;
  }

  private final CacheReader<T> cache;
  private final OperatorWrites writes;
  private final FinalizerName finalizer;
  private final ObjectReconciler<T> reconciler;
  private final Cleanup<T> cleanup;
  private final ConflictRetries<T> retries;
  private final LongAdder conflicts = new LongAdder();
  private final LongAdder cleanupsDone = new LongAdder();

  private FinalizingReconciler(Builder<T> builder) {
    this.cache = builder.cache;
    this.writes = builder.writes;
    this.finalizer = Objects.requireNonNull(builder.finalizer, "finalizer (call finalizer(name))");
    this.reconciler = Objects.requireNonNull(builder.reconciler, "reconciler (call reconcile(step))");
    this.cleanup = Objects.requireNonNull(builder.cleanup, "cleanup (call cleanup(step))");
    this.retries = new ConflictRetries<>(writes, cache, builder.maxAttempts, conflicts);
  }

  /** Starts configuring a reconciler reading {@code cache} and writing through {@code writes}. */
  public static <T extends HasMetadata> Builder<T> builder(CacheReader<T> cache, OperatorWrites writes) {
    return new Builder<>(cache, writes);
  }

  @Override
  public Result reconcile(ObjectKey key) throws Exception {
    Optional<T> found = cache.find(key);
    if (found.isEmpty()) {
      return Result.done();
    }
    T object = found.get();
    if (isDeleting(object)) {
      return hasFinalizer(object) ? finalize(object) : Result.done();
    }
    Optional<T> withFinalizer = hasFinalizer(object) ? found : addFinalizer(object);
    return withFinalizer.isPresent() ? reconciler.reconcile(withFinalizer.get()) : Result.done();
  }

  /** Returns the finalizer this reconciler manages. */
  public FinalizerName finalizer() {
    return finalizer;
  }

  /** Returns the 409 answers met while adding or removing the finalizer. */
  public long conflicts() {
    return conflicts.sum();
  }

  /** Returns the cleanups that completed and had their finalizer removed. */
  public long cleanupsDone() {
    return cleanupsDone.sum();
  }

  /** Adds the finalizer; returns the object with it, or empty when it went away or is being deleted meanwhile. */
  private Optional<T> addFinalizer(T object) {
    return retries.run("adding finalizer " + finalizer + " to " + Identity.describe(object), object, current -> {
      if (isDeleting(current)) {
        return Optional.<T>empty();
      }
      if (hasFinalizer(current)) {
        return Optional.of(current);
      }
      T desired = writes.copy(current);
      List<String> finalizers = new ArrayList<>(listOf(desired));
      finalizers.add(finalizer.value());
      desired.getMetadata().setFinalizers(finalizers);
      return Optional.of(writes.update(desired));
    }).flatMap(o -> o);
  }

  private Result finalize(T object) throws Exception {
    if (!cleanup.cleanUp(object)) {
      log.debug("cleanup of {} not complete; finalizer {} stays", Identity.describe(object), finalizer);
      return Result.requeue();
    }
    retries.run("removing finalizer " + finalizer + " from " + Identity.describe(object), object, current -> {
      if (!hasFinalizer(current)) {
        return current;
      }
      T desired = writes.copy(current);
      List<String> finalizers = new ArrayList<>(listOf(desired));
      finalizers.remove(finalizer.value());
      desired.getMetadata().setFinalizers(finalizers);
      return writes.update(desired);
    });
    cleanupsDone.increment();
    return Result.done();
  }

  private boolean hasFinalizer(T object) {
    return listOf(object).contains(finalizer.value());
  }

  private static List<String> listOf(HasMetadata object) {
    List<String> finalizers = object.getMetadata().getFinalizers();
    return finalizers == null ? List.of() : finalizers;
  }

  private static boolean isDeleting(HasMetadata object) {
    String timestamp = object.getMetadata().getDeletionTimestamp();
    return timestamp != null && !timestamp.isEmpty();
  }

  /** Configures a {@link FinalizingReconciler}. Not thread-safe. */
  public static final class Builder<T extends HasMetadata> {

    private final CacheReader<T> cache;
    private final OperatorWrites writes;
    private FinalizerName finalizer;
    private ObjectReconciler<T> reconciler;
    private Cleanup<T> cleanup;
    private int maxAttempts = 5;

    private Builder(CacheReader<T> cache, OperatorWrites writes) {
      this.cache = Objects.requireNonNull(cache, "cache");
      this.writes = Objects.requireNonNull(writes, "writes");
    }

    /**
     * Sets the finalizer's name.
     *
     * @throws InvalidFinalizerNameException if it is not a domain-qualified name ({@link FinalizerName})
     */
    public Builder<T> finalizer(String name) {
      this.finalizer = new FinalizerName(name);
      return this;
    }

    /** Sets the reconcile of live objects (required). */
    public Builder<T> reconcile(ObjectReconciler<T> step) {
      this.reconciler = Objects.requireNonNull(step, "step");
      return this;
    }

    /** Sets the cleanup of objects being deleted (required). */
    public Builder<T> cleanup(Cleanup<T> step) {
      this.cleanup = Objects.requireNonNull(step, "step");
      return this;
    }

    /**
     * Sets the most attempts of adding or removing the finalizer (default 5).
     *
     * @throws IllegalArgumentException if below 1
     */
    public Builder<T> maxAttempts(int attempts) {
      this.maxAttempts = ConflictRetries.requireAttempts(attempts);
      return this;
    }

    /**
     * Returns the reconciler.
     *
     * @throws NullPointerException if the finalizer, reconcile or cleanup is missing
     */
    public FinalizingReconciler<T> build() {
      return new FinalizingReconciler<>(this);
    }
  }
}

package io.informer4j.kubernetes.operator;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.informer4j.reader.CacheReader;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * Writes the status of objects through their {@code /status} subresource, safely under concurrent
 * writers: the caller's change is applied to a copy of the object, and the write has the object's
 * resourceVersion as precondition. On 409 the object is re-read (from the cache when it holds
 * another version, else from the server) and the change applied again to what was read, up to
 * {@code maxAttempts} times. A change that leaves the status as it was sends nothing and is counted
 * ({@link #noOpWrites()}).
 *
 * <pre>{@code
 * StatusUpdater statuses = StatusUpdater.builder(writes).build();
 * Deployment written = statuses.update(deployment, cache,
 *     d -> d.getStatus().setObservedGeneration(d.getMetadata().getGeneration()));
 * }</pre>
 *
 * <p>Thread-safe; {@code update} blocks for its requests.
 */
public final class StatusUpdater {

  private final OperatorWrites writes;
  private final int maxAttempts;
  private final LongAdder written = new LongAdder();
  private final LongAdder noOps = new LongAdder();
  private final LongAdder conflicts = new LongAdder();

  private StatusUpdater(OperatorWrites writes, int maxAttempts) {
    this.writes = writes;
    this.maxAttempts = maxAttempts;
  }

  /** Starts configuring status updates through {@code writes}. */
  public static Builder builder(OperatorWrites writes) {
    return new Builder(writes);
  }

  /**
   * Applies {@code change} to a copy of {@code object} and writes the resulting status. The change
   * should set only the status (the subresource ignores everything else) and may run several times,
   * once per attempt, each time on the latest state read.
   *
   * @param object the object as last read (its resourceVersion is the first precondition)
   * @param cache  where to re-read after a conflict first; null for the server only
   * @param change sets the desired status on the copy it is given
   * @return the server's answer, or the object the change ran on when the status was unchanged
   * @throws NoStatusSubresourceException      if the resource has no status subresource
   * @throws InvalidObjectException            if the server refused the status (422), with its causes
   * @throws ConflictRetriesExhaustedException if every attempt conflicted
   * @throws ApiWriteException                 404 when the object is gone (or was re-created), or another refusal
   */
  public <T extends HasMetadata> T update(T object, CacheReader<T> cache, Consumer<T> change) {
    Objects.requireNonNull(object, "object");
    Objects.requireNonNull(change, "change");
    ConflictRetries<T> retries = new ConflictRetries<>(writes, cache, maxAttempts, conflicts);
    return retries.run("status write of " + Identity.typeOf(object) + " " + Identity.keyOf(object), object, current -> {
      T desired = writes.copy(current);
      change.accept(desired);
      if (Objects.equals(statusOf(current), statusOf(desired))) {
        noOps.increment();
        return current;
      }
      T answer = writes.updateStatus(desired);
      written.increment();
      return answer;
    }).orElseThrow(() -> new ApiWriteException(Identity.typeOf(object), Identity.keyOf(object), 404, "NotFound",
        "status write of " + Identity.typeOf(object) + " " + Identity.keyOf(object)
            + " has no object to write to: it was deleted (or re-created) meanwhile", null));
  }

  /** Returns the status writes sent and accepted. */
  public long writes() {
    return written.sum();
  }

  /** Returns the updates that left the status unchanged, so sent nothing. */
  public long noOpWrites() {
    return noOps.sum();
  }

  /** Returns the 409 answers met (each followed by a re-read, or by giving up). */
  public long conflicts() {
    return conflicts.sum();
  }

  private Object statusOf(HasMetadata object) {
    return writes.serialization().convertValue(object, Map.class).get("status");
  }

  /** Configures a {@link StatusUpdater}. Not thread-safe. */
  public static final class Builder {

    private final OperatorWrites writes;
    private int maxAttempts = 5;

    private Builder(OperatorWrites writes) {
      this.writes = Objects.requireNonNull(writes, "writes");
    }

    /**
     * Sets the most attempts of one update (default 5).
     *
     * @throws IllegalArgumentException if below 1
     */
    public Builder maxAttempts(int attempts) {
      this.maxAttempts = ConflictRetries.requireAttempts(attempts);
      return this;
    }

    /** Returns the updater. */
    public StatusUpdater build() {
      return new StatusUpdater(writes, maxAttempts);
    }
  }
}

package io.informer4j.kubernetes.operator;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.informer4j.reader.CacheException;
import io.informer4j.reader.CacheReader;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

/**
 * Runs a write against the latest known state of one object, retrying on 409 Conflict: after a
 * conflict the object is re-read from the cache when the cache holds another version than the one
 * that conflicted, else from the server, and the write is made again on what was read — at most
 * {@code maxAttempts} times. An object that is gone, or was re-created (another uid), ends the
 * retries with an empty result: the write was meant for the old one.
 *
 * <p>Immutable and thread-safe; each run blocks for its requests.
 *
 * @param <T> the object type
 */
final class ConflictRetries<T extends HasMetadata> {

  private final OperatorWrites writes;
  private final CacheReader<T> cache;
  private final int maxAttempts;
  private final LongAdder conflicts;

  /**
   * @param writes      the write path, also for server reads
   * @param cache       the cache to re-read from first; null to re-read from the server only
   * @param maxAttempts the most attempts of one run
   * @param conflicts   counts every conflict met
   * @throws IllegalArgumentException if {@code maxAttempts} is below 1
   */
  ConflictRetries(OperatorWrites writes, CacheReader<T> cache, int maxAttempts, LongAdder conflicts) {
    this.writes = Objects.requireNonNull(writes, "writes");
    this.cache = cache;
    this.maxAttempts = requireAttempts(maxAttempts);
    this.conflicts = Objects.requireNonNull(conflicts, "conflicts");
  }

  /** Returns {@code attempts} if at least 1. @throws IllegalArgumentException otherwise */
  static int requireAttempts(int attempts) {
    if (attempts < 1) {
      throw new IllegalArgumentException("at least one attempt is needed, got " + attempts);
    }
    return attempts;
  }

  /**
   * Applies {@code attempt} to {@code initial}, then to re-read states after each conflict.
   *
   * @param what    the write, for the error message
   * @param attempt one write on a state; returns its non-null outcome or throws {@link WriteConflictException}
   * @return the outcome of the attempt that succeeded; empty when the object is gone or was re-created
   * @throws ConflictRetriesExhaustedException if every attempt conflicted
   * @throws OperatorException                 what the attempt or a server read throws otherwise
   */
  <R> Optional<R> run(String what, T initial, Function<T, R> attempt) {
    T current = initial;
    for (int made = 1; ; made++) {
      try {
        return Optional.of(attempt.apply(current));
      } catch (WriteConflictException conflict) {
        conflicts.increment();
        if (made == maxAttempts) {
          throw new ConflictRetriesExhaustedException(what, made, conflict);
        }
        Optional<T> fresher = fresher(current);
        if (fresher.isEmpty()) {
          return Optional.empty();
        }
        current = fresher.get();
      }
    }
  }

  private Optional<T> fresher(T stale) {
    String staleVersion = Identity.resourceVersionOf(stale);
    if (cache != null) {
      try {
        Optional<T> cached = cache.find(Identity.keyOf(stale));
        if (cached.isPresent() && !staleVersion.equals(Identity.resourceVersionOf(cached.get()))) {
          return sameObject(stale, cached.get());
        }
      } catch (CacheException unreadable) {
        // the server answers instead
      }
    }
    return writes.read(stale).flatMap(read -> sameObject(stale, read));
  }

  private Optional<T> sameObject(T stale, T read) {
    String uid = stale.getMetadata().getUid();
    return uid == null || uid.isEmpty() || uid.equals(read.getMetadata().getUid()) ? Optional.of(read) : Optional.empty();
  }
}

package io.informer4j.etcd.internal;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.common.exception.ErrorCode;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.watch.WatchEvent;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

/**
 * Reads the values that deleted keys had just before their delete (at the delete's revision − 1),
 * for watches that do not ask etcd for previous values on every event: etcd 3.4 looks previous
 * values up one by one on a stream's single send loop, which caps such a watch at a few thousand
 * events per second, while deletes are usually few. Thread-safe.
 */
public final class PreviousValues {

  private final KV kv;
  private final Duration timeout;

  /** Reads through {@code kv}, each read taking at most {@code timeout}. */
  public PreviousValues(KV kv, Duration timeout) {
    this.kv = kv;
    this.timeout = timeout;
  }

  /** Returns true when the events hold a delete. */
  public static boolean anyDelete(List<WatchEvent> events) {
    return events.stream().anyMatch(event -> event.getEventType() == WatchEvent.EventType.DELETE);
  }

  /**
   * Reads the previous values of the deletes among {@code events}, all at once.
   *
   * @return the previous value per event index (null for puts, and for a delete whose previous
   *         revision etcd compacted); completes exceptionally when a read fails otherwise
   */
  public CompletableFuture<KeyValue[]> of(List<WatchEvent> events) {
    KeyValue[] previous = new KeyValue[events.size()];
    CompletableFuture<?>[] reads = new CompletableFuture<?>[events.size()];
    for (int i = 0; i < events.size(); i++) {
      WatchEvent event = events.get(i);
      if (event.getEventType() != WatchEvent.EventType.DELETE) {
        reads[i] = CompletableFuture.completedFuture(null);
        continue;
      }
      int index = i;
      ByteSequence key = event.getKeyValue().getKey();
      GetOption before = GetOption.builder().withRevision(event.getKeyValue().getModRevision() - 1).build();
      reads[i] = kv.get(key, before)
          .orTimeout(timeout.toNanos(), TimeUnit.NANOSECONDS)
          .handle((response, error) -> {
            if (error != null) {
              if (EtcdErrors.code(error) == ErrorCode.OUT_OF_RANGE) {
                return null;
              }
              throw error instanceof CompletionException completion ? completion : new CompletionException(error);
            }
            previous[index] = response.getKvs().isEmpty() ? null : response.getKvs().get(0);
            return null;
          });
    }
    return CompletableFuture.allOf(reads).thenApply(done -> previous);
  }
}

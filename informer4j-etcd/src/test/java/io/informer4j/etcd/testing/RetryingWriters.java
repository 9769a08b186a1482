package io.informer4j.etcd.testing;

import io.informer4j.meta.ObjectKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Threads that put and delete widgets through an {@link EtcdWriter} while etcd comes and goes: a
 * write that fails (etcd down, the client reconnecting) is counted and the writer goes on with its
 * next random write after 20 ms. Whether a failed write took effect is unknown, so the truth is
 * read back from etcd ({@link EtcdWriter#truth()}), never inferred. Each writer owns its share of
 * the keys and waits a random 1–6 ms between writes. One write in {@value #GARBAGE_ONE_IN} puts
 * bytes that are not a widget (garbage under the prefix, as a foreign writer might leave).
 */
public final class RetryingWriters {

  private static final Duration AFTER_FAILURE = Duration.ofMillis(20);
  /** How rare garbage values are: one write in this many. */
  public static final int GARBAGE_ONE_IN = 40;

  private final EtcdWriter writer;
  private final AtomicBoolean running = new AtomicBoolean(true);
  private final AtomicLong writes = new AtomicLong();
  private final AtomicLong failures = new AtomicLong();
  private final List<Thread> threads = new ArrayList<>();

  /** Starts {@code count} writers over {@code keys}; writer {@code i} owns every key whose index is {@code i} modulo count. */
  public RetryingWriters(EtcdWriter writer, List<ObjectKey> keys, int count, long seed) {
    this.writer = writer;
    for (int i = 0; i < count; i++) {
      List<ObjectKey> owned = new ArrayList<>();
      for (int k = i; k < keys.size(); k += count) {
        owned.add(keys.get(k));
      }
      Random random = new Random(seed * 31 + i);
      Thread thread = new Thread(() -> write(owned, random), "etcd-chaos-writer-" + i);
      thread.setDaemon(true);
      threads.add(thread);
    }
    threads.forEach(Thread::start);
  }

  /** Stops the writers and waits for them (each finishes its write under way). */
  public void stop() throws InterruptedException {
    running.set(false);
    for (Thread thread : threads) {
      thread.join(Duration.ofSeconds(40).toMillis());
    }
  }

  /** Returns how many writes succeeded. */
  public long writes() {
    return writes.get();
  }

  /** Returns how many writes failed. */
  public long failures() {
    return failures.get();
  }

  private void write(List<ObjectKey> owned, Random random) {
    long value = 0;
    while (running.get()) {
      ObjectKey key = owned.get(random.nextInt(owned.size()));
      try {
        int dice = random.nextInt(GARBAGE_ONE_IN * 10);
        if (dice < 10) {
          byte[] garbage = new byte[1 + random.nextInt(32)];
          random.nextBytes(garbage);
          writer.putRaw(key, garbage);
        } else if (dice < GARBAGE_ONE_IN * 3) {
          writer.delete(key.namespace(), key.name());
        } else {
          writer.put(key.namespace(), key.name(), new Widget(Map.of("writer", Thread.currentThread().getName()), "v" + value++));
        }
        writes.incrementAndGet();
        LockSupport.parkNanos(Duration.ofMillis(1 + random.nextInt(6)).toNanos());
      } catch (IllegalStateException e) {
        failures.incrementAndGet();
        LockSupport.parkNanos(AFTER_FAILURE.toNanos());
      }
    }
  }
}

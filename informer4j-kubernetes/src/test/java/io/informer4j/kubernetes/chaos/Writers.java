package io.informer4j.kubernetes.chaos;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.testkit.chaos.ServerHistory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Threads that create, update and delete objects straight on the server (the simulated API behind
 * the test server, never through the proxy), each on its own share of the keys, and record what
 * they did in a {@link ServerHistory}. Each waits a random 1–6 ms between writes.
 */
final class Writers {

  private final SimulatedApi api;
  private final TypeKey type;
  private final ServerHistory history;
  private final AtomicBoolean running = new AtomicBoolean(true);
  private final AtomicLong writes = new AtomicLong();
  private final AtomicLong values = new AtomicLong();
  private final List<Thread> threads = new ArrayList<>();
  private final List<Throwable> failures = new ArrayList<>();

  /** Starts {@code count} writers over {@code keys}; writer {@code i} owns every key whose index is {@code i} modulo count. */
  Writers(SimulatedApi api, TypeKey type, List<ObjectKey> keys, ServerHistory history, int count, long seed) {
    this.api = api;
    this.type = type;
    this.history = history;
    for (int i = 0; i < count; i++) {
      List<ObjectKey> owned = new ArrayList<>();
      for (int k = i; k < keys.size(); k += count) {
        owned.add(keys.get(k));
      }
      Random random = new Random(seed * 31 + i);
      Thread thread = new Thread(() -> write(owned, random), "chaos-writer-" + i);
      thread.setDaemon(true);
      threads.add(thread);
    }
    threads.forEach(Thread::start);
  }

  /** Returns every key the writers use, {@code ns-0/cm-0} …, namespaces × names. */
  static List<ObjectKey> keySpace(int namespaces, int names) {
    List<ObjectKey> keys = new ArrayList<>();
    for (int n = 0; n < namespaces; n++) {
      for (int i = 0; i < names; i++) {
        keys.add(ObjectKey.of("ns-" + n, "cm-" + i));
      }
    }
    return keys;
  }

  /**
   * Stops the writers and waits for them.
   *
   * @throws AssertionError if a writer failed
   */
  void stop() throws InterruptedException {
    running.set(false);
    for (Thread thread : threads) {
      thread.join(Duration.ofSeconds(10).toMillis());
    }
    synchronized (failures) {
      if (!failures.isEmpty()) {
        AssertionError error = new AssertionError("a writer failed");
        failures.forEach(error::addSuppressed);
        throw error;
      }
    }
  }

  /** Returns how many writes were made. */
  long writes() {
    return writes.get();
  }

  /** Rewrites {@code key} with a new value, creating it if it is absent; call after {@link #stop()}. */
  void touch(ObjectKey key) {
    put(key, api.get(type, key.namespace(), key.name()).isEmpty());
  }

  /** Deletes {@code key}, which must exist; call after {@link #stop()} (or from the key's writer). */
  void delete(ObjectKey key) {
    SimObject last = api.delete(type, key.namespace(), key.name());
    history.deleted(key.toString(), Long.parseLong(last.resourceVersion()));
  }

  private void write(List<ObjectKey> owned, Random random) {
    try {
      while (running.get()) {
        ObjectKey key = owned.get(random.nextInt(owned.size()));
        boolean exists = api.get(type, key.namespace(), key.name()).isPresent();
        if (exists && random.nextInt(10) < 3) {
          delete(key);
        } else {
          put(key, !exists);
        }
        writes.incrementAndGet();
        LockSupport.parkNanos(Duration.ofMillis(1 + random.nextInt(6)).toNanos());
      }
    } catch (RuntimeException | Error e) {
      synchronized (failures) {
        failures.add(e);
      }
    }
  }

  private void put(ObjectKey key, boolean creates) {
    SimObject stored = api.upsert(type, SimObject.of(key.namespace(), key.name())
        .withContentAt("data.v", Long.toString(values.incrementAndGet())));
    long version = Long.parseLong(stored.resourceVersion());
    if (creates) {
      history.created(key.toString(), version);
    } else {
      history.updated(key.toString(), version);
    }
  }
}

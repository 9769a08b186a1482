package io.informer4j.benchmarks.reader;

import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.SimpleTypeRegistry;
import io.informer4j.meta.TypeKey;
import io.informer4j.reader.CacheReader;
import io.informer4j.reader.InformersMap;
import io.informer4j.reader.MapEntry;
import io.informer4j.source.Backend;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * A reader benchmark's cache of pods, filled the real way (an {@link InformersMap} lists them from a
 * {@link SnapshotSource}), with a field index on {@code spec.nodeName} added after the sync
 * (back-filled) and 4,096 keys drawn with a fixed seed for the benchmarks' gets. Not thread-safe:
 * one per benchmark state.
 *
 * @param <T> the pod class
 */
final class CachedPods<T> {

  static final String NODE_FIELD = "spec.nodeName";
  private static final TypeKey PODS = TypeKey.of("", "v1", "Pod");
  static final int KEY_COUNT = 4096;

  private final InformerRuntime runtime;
  private final InformersMap map;
  private final CacheReader<T> reader;
  private final ObjectKey[] keys = new ObjectKey[KEY_COUNT];
  private int next;

  /**
   * Caches {@code pods}.
   *
   * @param name     names the runtime's threads
   * @param nodeName reads a pod's {@code spec.nodeName}, for the index
   * @param key      reads a pod's key
   */
  CachedPods(String name, Class<T> podClass, ObjectAdapter<T> adapter, List<T> pods, Function<T, String> nodeName,
             Function<T, ObjectKey> key) {
    runtime = InformerRuntime.create(name);
    SimpleTypeRegistry registry = new SimpleTypeRegistry().register(PODS, Scope.NAMESPACED, podClass);
    map = InformersMap.builder(Backend.of(registry, type -> new SnapshotSource<>(pods))).runtime(runtime).build();
    map.start();
    MapEntry<T> entry = map.get(ObjectType.of(PODS, podClass, adapter), Duration.ofMinutes(5));
    entry.indexField(NODE_FIELD, pod -> List.of(nodeName.apply(pod)));
    reader = entry.reader();
    Random random = new Random(42);
    for (int i = 0; i < KEY_COUNT; i++) {
      keys[i] = key.apply(pods.get(random.nextInt(pods.size())));
    }
  }

  /** Returns the cache's reader. */
  CacheReader<T> reader() {
    return reader;
  }

  /** Returns the index of the next drawn key, cycling through them. */
  int nextIndex() {
    next = (next + 1) & (KEY_COUNT - 1);
    return next;
  }

  /** Returns drawn key {@code index}. */
  ObjectKey key(int index) {
    return keys[index];
  }

  /** Stops the informers and their threads. */
  void stop() throws InterruptedException {
    map.stop(Duration.ofSeconds(30));
    runtime.stop(Duration.ofSeconds(30));
  }
}

package io.informer4j.reader;

import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.TypeRegistry;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

/** Configures an {@link InformersMap}. Not thread-safe. */
public final class InformersMapBuilder {
  final TypeRegistry registry;
  final ListWatcherFactory factory;
  String namespace = "";
  Duration resync = InformersMap.DEFAULT_RESYNC;
  InformerRuntime runtime;
  CacheOptions options = CacheOptions.defaults();
  DoubleSupplier random = () -> ThreadLocalRandom.current().nextDouble();

  InformersMapBuilder(TypeRegistry registry, ListWatcherFactory factory) {
    this.registry = Objects.requireNonNull(registry, "registry");
    this.factory = Objects.requireNonNull(factory, "factory");
  }

  /** Sets the namespace to cache, {@code ""} (the default) or null for all. */
  public InformersMapBuilder namespace(String namespace) {
    this.namespace = namespace == null ? "" : namespace;
    return this;
  }

  /**
   * Sets the base resync period, used when the cache options set none (default 10 hours; zero for
   * none).
   *
   * @throws IllegalArgumentException if negative
   */
  public InformersMapBuilder resync(Duration resync) {
    if (resync.isNegative()) {
      throw new IllegalArgumentException("resync period must not be negative: " + resync);
    }
    this.resync = resync;
    return this;
  }

  /**
   * Sets the runtime every informer runs on; the caller keeps owning it. Without one, the map
   * creates its own and closes it in {@link InformersMap#stop}.
   */
  public InformersMapBuilder runtime(InformerRuntime runtime) {
    this.runtime = Objects.requireNonNull(runtime, "runtime");
    return this;
  }

  /** Sets the cache options (selectors, transforms, deep copy, sync periods). */
  public InformersMapBuilder options(CacheOptions options) {
    this.options = Objects.requireNonNull(options, "options");
    return this;
  }

  /** Supplies numbers in [0, 1) for the resync jitter (for deterministic tests). */
  public InformersMapBuilder random(DoubleSupplier random) {
    this.random = Objects.requireNonNull(random, "random");
    return this;
  }

  /** Returns the map, not started. */
  public InformersMap build() {
    return new InformersMap(this);
  }
}

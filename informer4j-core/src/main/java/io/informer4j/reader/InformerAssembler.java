package io.informer4j.reader;

import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.TypeRegistry;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.Selection;
import java.time.Duration;
import java.util.Objects;
import java.util.function.DoubleSupplier;

/**
 * Builds the informer and reader of one (type, representation) for an {@link InformersMap}: asks the
 * registry for the scope, resolves the cache options, calls the list-watch factory, draws the
 * jittered resync period and wires the object gate. Thread-safe; holds no lock while calling the
 * factory.
 */
final class InformerAssembler {

  /** The smallest resync period an informer accepts. */
  private static final long MIN_RESYNC_MILLIS = 1000;

  private final TypeRegistry registry;
  private final String namespace;
  private final ListWatcherFactory factory;
  private final InformerRuntime runtime;
  private final CacheOptions options;
  private final Duration baseResync;
  private final DoubleSupplier random;

  InformerAssembler(TypeRegistry registry, String namespace, ListWatcherFactory factory, InformerRuntime runtime,
                    CacheOptions options, Duration baseResync, DoubleSupplier random) {
    this.registry = registry;
    this.namespace = namespace;
    this.factory = factory;
    this.runtime = runtime;
    this.options = options;
    this.baseResync = baseResync;
    this.random = random;
  }

  /**
   * Returns a new, unstarted entry.
   *
   * @throws io.informer4j.meta.UnknownTypeException if the registry does not know the type's scope
   * @throws RuntimeException                        whatever the factory threw
   */
  <T> MapEntry<T> assemble(TypeKey type, Representation<T> representation) {
    Scope scope = registry.requireScope(type);
    String informerNamespace = scope == Scope.CLUSTER ? "" : namespace;
    ResolvedConfig config = options.resolve(type, informerNamespace);
    ListerWatcher<T> source = source(type, informerNamespace, representation);
    Duration resync = jitter(config.syncPeriod() != null ? config.syncPeriod() : baseResync);
    SharedIndexInformer<T> informer = SharedIndexInformer.builder(source, representation.adapter())
        .name(informerName(type, representation, informerNamespace))
        .runtime(runtime)
        .selection(new Selection(informerNamespace, config.labels(), config.fields()))
        .resync(resync)
        .transform(new ObjectGate<>(type, scope, representation, config.transform()))
        .build();
    CacheReader<T> reader = new IndexerCacheReader<>(type, scope, representation, informer.indexer(),
        config.unsafeDisableDeepCopy());
    return new MapEntry<>(type, representation, informerNamespace, scope, informer, reader, resync);
  }

  @SuppressWarnings("unchecked")
  private <T> ListerWatcher<T> source(TypeKey type, String informerNamespace, Representation<T> representation) {
    ListerWatcher<?> source = factory.create(type, informerNamespace, registry, representation);
    return (ListerWatcher<T>) Objects.requireNonNull(source,
        () -> "the list-watch factory returned null for " + type + " " + representation);
  }

  /** Returns {@code base} × a factor drawn in [0.9, 1.1), at least one second; zero stays zero. */
  private Duration jitter(Duration base) {
    if (base.isZero()) {
      return Duration.ZERO;
    }
    double factor = 0.9 + 0.2 * random.getAsDouble();
    long millis = (long) (base.toMillis() * factor);
    return Duration.ofMillis(Math.max(MIN_RESYNC_MILLIS, millis));
  }

  private static String informerName(TypeKey type, Representation<?> representation, String namespace) {
    return type + " " + representation.name() + (namespace.isEmpty() ? "" : " in " + namespace);
  }
}

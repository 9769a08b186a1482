package io.informer4j.reader;

import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.RuntimeBackend;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.source.Backend;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.Selection;
import io.informer4j.source.SourceException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;

/**
 * Builds the informer and reader of one type and selection for an {@link InformersMap}: asks the
 * backend for the source (on the map's runtime when it is a {@link RuntimeBackend}), draws the jittered resync period, wires the object gate, applies the map's
 * informer options and binds metrics. Thread-safe; holds no lock while calling the backend.
 */
final class InformerAssembler {

  /** The smallest resync period an informer accepts. */
  private static final long MIN_RESYNC_MILLIS = 1000;

  private final Backend backend;
  private final InformerRuntime runtime;
  private final Duration defaultResyncPeriod;
  private final DoubleSupplier random;
  private final Consumer<SharedIndexInformer.Builder<?>> informerOptions;
  private final Consumer<SharedIndexInformer<?>> metrics;
  private final BiConsumer<MapEntry<?>, SourceException> onFailure;
  private final Consumer<Throwable> onInformerFailure;

  /**
   * @param metrics   binds an informer's metrics, or null
   * @param onFailure         told of every list and watch failure of an entry's informer
   * @param onInformerFailure told when an informer fails for good
   */
  InformerAssembler(Backend backend, InformerRuntime runtime, Duration defaultResyncPeriod, DoubleSupplier random,
                    Consumer<SharedIndexInformer.Builder<?>> informerOptions, Consumer<SharedIndexInformer<?>> metrics,
                    BiConsumer<MapEntry<?>, SourceException> onFailure, Consumer<Throwable> onInformerFailure) {
    this.backend = backend;
    this.runtime = runtime;
    this.defaultResyncPeriod = defaultResyncPeriod;
    this.random = random;
    this.informerOptions = informerOptions;
    this.metrics = metrics;
    this.onFailure = onFailure;
    this.onInformerFailure = onInformerFailure;
  }

  /**
   * Returns a new, unstarted entry; its resync period is the spec's (else the map's default), drawn
   * with jitter when {@code jitter} (always for the map's default).
   *
   * @throws io.informer4j.meta.UnknownTypeException if the backend cannot serve the type
   */
  <T> MapEntry<T> assemble(ObjectType<T> type, InformerSpec spec, Scope scope, boolean jitter) {
    ListerWatcher<T> source = Objects.requireNonNull(
        backend instanceof RuntimeBackend threaded ? threaded.listerWatcher(type, runtime) : backend.listerWatcher(type),
        () -> backend.description() + " returned no source for " + type);
    Duration resyncPeriod = spec.resyncPeriod() == null ? jitter(defaultResyncPeriod)
        : jitter ? jitter(spec.resyncPeriod()) : spec.resyncPeriod();
    AtomicReference<MapEntry<T>> self = new AtomicReference<>();
    SharedIndexInformer.Builder<T> builder = SharedIndexInformer.builder(source, type.adapter());
    informerOptions.accept(builder);
    SharedIndexInformer<T> informer = builder
        .name(spec.name() != null ? spec.name() : informerName(type, spec.selection()))
        .runtime(runtime)
        .selection(spec.selection())
        .resyncPeriod(resyncPeriod)
        .transform(new ObjectGate<>(type, scope, spec.transform()))
        .compactObjects(spec.keepsObjectsCompact())
        .watchErrorHandler(error -> {
          MapEntry<T> entry = self.get();
          if (entry != null) {
            onFailure.accept(entry, error);
          }
        })
        .build();
    MapEntry<T> entry = new MapEntry<>(type, spec, scope, informer,
        new IndexerCacheReader<>(type, scope, informer.indexer(), false), resyncPeriod);
    self.set(entry);
    informer.stopped().whenComplete((ended, failure) -> {
      if (failure != null) {
        onInformerFailure.accept(failure);
      }
    });
    if (metrics != null) {
      metrics.accept(informer);
    }
    return entry;
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

  /** Returns the kind, then the namespace and selectors when they restrict it; for example {@code Pod in shop}. */
  private static String informerName(ObjectType<?> type, Selection selection) {
    StringBuilder name = new StringBuilder(type.key().kind());
    if (!type.representation().equals(type.key().kind())) {
      name.append(" (").append(type.representation()).append(')');
    }
    if (selection.isNamespaced()) {
      name.append(" in ").append(selection.namespace());
    }
    if (!selection.labels().isEverything()) {
      name.append(" [").append(selection.labels()).append(']');
    }
    if (!selection.fields().isEverything()) {
      name.append(" [").append(selection.fields()).append(']');
    }
    return name.toString();
  }
}

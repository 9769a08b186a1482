package io.informer4j.informer.internal;

import io.informer4j.cache.IndexFunction;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.source.ListerWatcher;
import java.time.Duration;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Everything an informer is built from; assembled by {@link io.informer4j.informer.SharedIndexInformer.Builder}.
 *
 * @param name          the informer's name
 * @param source        lists and watches
 * @param adapter       reads object identity
 * @param reflector     list and watch settings
 * @param defaultResync resync period of handlers added without one, and the initial resync check period
 * @param transform     applied to every object before it is cached; null for none
 * @param compactObjects whether the cache keeps objects in their compact form ({@link ObjectAdapter#compact})
 * @param indexers      extra indexes
 * @param runtime       the threads the informer runs on
 * @param ownsRuntime   true if the runtime was made for this informer alone, to be closed when it stops
 * @param stallMonitor  the runtime's watch over its handlers, which the informer's handler lanes join
 * @param <T>           the object type
 */
public record InformerConfig<T>(String name, ListerWatcher<T> source, ObjectAdapter<T> adapter,
                                ReflectorSettings reflector, Duration defaultResync, UnaryOperator<T> transform,
                                boolean compactObjects,
                                Map<String, IndexFunction<T>> indexers, InformerRuntime runtime,
                                boolean ownsRuntime, StallMonitor stallMonitor) {
}

package io.informer4j.factory;

import io.informer4j.informer.BackoffPolicy;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.TypeRegistry;
import io.informer4j.queue.QueueRegistry;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * Configures a {@link SharedInformerFactory}. Defaults: no resync (as in client-go, unchanged cached
 * objects are routed again only for a type given its own {@link InformerOptions#resyncPeriod()} or
 * after {@link #defaultResyncPeriod} is set), no discovery (a type's presence is probed through its
 * own source), a private runtime closed at shutdown,
 * {@link MissingTypeChecks#DEFAULT}, watch-list on, client-go's backoff and 5–10 minute watches, no
 * transform, no metrics. Not thread-safe; the factory is.
 */
public final class FactoryBuilder {

  /** The built configuration. */
  record Settings(ClientProvider clients, TypeRegistry types, QueueRegistry queues, TypeDiscovery discovery,
                  Duration defaultResyncPeriod, InformerRuntime runtime, MissingTypeChecks checks, boolean watchList,
                  Duration minWatchTimeout, BackoffPolicy backoff, UnaryOperator<Object> transform,
                  MeterRegistry meterRegistry, EnqueueFilter enqueueFilter) {
  }

  private final ClientProvider clients;
  private final TypeRegistry types;
  private final QueueRegistry queues;
  private TypeDiscovery discovery;
  private Duration defaultResyncPeriod = Duration.ZERO;
  private InformerRuntime runtime;
  private MissingTypeChecks checks = MissingTypeChecks.DEFAULT;
  private boolean watchList = true;
  private Duration minWatchTimeout = Duration.ofMinutes(5);
  private BackoffPolicy backoff = BackoffPolicy.DEFAULT;
  private UnaryOperator<Object> transform;
  private MeterRegistry meterRegistry;
  private EnqueueFilter enqueueFilter;

  FactoryBuilder(ClientProvider clients, TypeRegistry types, QueueRegistry queues) {
    this.clients = Objects.requireNonNull(clients, "clients");
    this.types = Objects.requireNonNull(types, "types");
    this.queues = Objects.requireNonNull(queues, "queues");
  }

  /** Uses {@code discovery} to tell missing types (and to hear about new ones at once). */
  public FactoryBuilder discovery(TypeDiscovery discovery) {
    this.discovery = Objects.requireNonNull(discovery, "discovery");
    return this;
  }

  /**
   * Sets the resync period of types registered without their own {@link InformerOptions#resyncPeriod()}:
   * how often the factory routes every cached object of such a type again, unchanged, at low
   * priority. {@link Duration#ZERO}, the default, for never; other periods are at least one second.
   *
   * @throws IllegalArgumentException if {@code period} is negative
   */
  public FactoryBuilder defaultResyncPeriod(Duration period) {
    if (period.isNegative()) {
      throw new IllegalArgumentException("resyncPeriod must not be negative: " + period);
    }
    this.defaultResyncPeriod = period;
    return this;
  }

  /** Runs every informer on {@code runtime} (not closed by the factory). */
  public FactoryBuilder runtime(InformerRuntime runtime) {
    this.runtime = Objects.requireNonNull(runtime, "runtime");
    return this;
  }

  /** Sets the timing of missing-type checks. */
  public FactoryBuilder missingTypeChecks(MissingTypeChecks checks) {
    this.checks = Objects.requireNonNull(checks, "checks");
    return this;
  }

  /** Turns watch-list streaming on (the default) or off for every informer. */
  public FactoryBuilder watchList(boolean enabled) {
    this.watchList = enabled;
    return this;
  }

  /** Sets every informer's shortest watch timeout (watches time out in [min, 2 × min)). */
  public FactoryBuilder minWatchTimeout(Duration minimum) {
    this.minWatchTimeout = Objects.requireNonNull(minimum, "minimum");
    return this;
  }

  /** Sets every informer's backoff between failed attempts. */
  public FactoryBuilder backoff(BackoffPolicy backoff) {
    this.backoff = Objects.requireNonNull(backoff, "backoff");
    return this;
  }

  /**
   * Transforms every object of every type before it is cached (for example to strip fields). It
   * must return an object of the same class, be idempotent and thread-safe.
   */
  public FactoryBuilder transform(UnaryOperator<Object> transform) {
    this.transform = Objects.requireNonNull(transform, "transform");
    return this;
  }

  /** Publishes every informer's metrics to {@code registry}. */
  public FactoryBuilder meterRegistry(MeterRegistry registry) {
    this.meterRegistry = Objects.requireNonNull(registry, "registry");
    return this;
  }

  /** Drops, before any queue, events whose object {@code filter} rejects (after tier 2); none by default. */
  public FactoryBuilder enqueueFilter(EnqueueFilter filter) {
    this.enqueueFilter = Objects.requireNonNull(filter, "filter");
    return this;
  }

  /** Returns the factory, not started. */
  public SharedInformerFactory build() {
    return new SharedInformerFactory(new Settings(clients, types, queues, discovery, defaultResyncPeriod, runtime,
        checks, watchList, minWatchTimeout, backoff, transform, meterRegistry, enqueueFilter));
  }
}

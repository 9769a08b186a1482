package io.informer4j.informer;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Instant;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * Publishes an informer's state and counters through Micrometer, tagged {@code informer=<name>}:
 * <ul>
 *   <li>counters {@code informer4j_informer_{lists,relists,watches,events,errors,malformed,handler_failures,index_errors}_total};
 *   <li>gauges {@code informer4j_informer_cache_size}, {@code _synced} (0/1), {@code _consecutive_failures},
 *       {@code _last_event_age_seconds} (NaN before the first event), {@code _list_progress_objects}
 *       (objects received by the list in progress, 0 when none is running), and {@code informer4j_informer_state}
 *       with a {@code state} tag, 1 for the current state and 0 for the others;
 *   <li>per handler (tag {@code handler}), sampled when scraped: {@code informer4j_handler_pending},
 *       {@code informer4j_handler_lag_seconds}, {@code informer4j_handler_failures_total} — for the
 *       handlers registered at binding time.
 * </ul>
 * Values are read when the registry is scraped; binding costs nothing on the event path.
 * Thread-safe.
 */
public final class InformerMetrics implements MeterBinder {

  private final SharedIndexInformer<?> informer;

  /** @param informer the informer to publish */
  public InformerMetrics(SharedIndexInformer<?> informer) {
    this.informer = Objects.requireNonNull(informer, "informer");
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    Tags tags = Tags.of("informer", informer.name());
    counter(registry, "lists", tags, InformerStatus::lists);
    counter(registry, "relists", tags, InformerStatus::relists);
    counter(registry, "watches", tags, InformerStatus::watches);
    counter(registry, "events", tags, InformerStatus::events);
    counter(registry, "errors", tags, InformerStatus::errors);
    counter(registry, "malformed", tags, InformerStatus::malformed);
    counter(registry, "handler_failures", tags, InformerStatus::handlerFailures);
    counter(registry, "index_errors", tags, InformerStatus::indexErrors);
    gauge(registry, "cache_size", tags, InformerStatus::cacheSize);
    gauge(registry, "synced", tags, s -> s.synced() ? 1 : 0);
    gauge(registry, "consecutive_failures", tags, InformerStatus::consecutiveFailures);
    gauge(registry, "list_progress_objects", tags, s -> s.listProgress() == null ? 0 : s.listProgress().objects());
    gauge(registry, "last_event_age_seconds", tags, s -> s.lastEventTime() == null ? Double.NaN
        : (Instant.now().toEpochMilli() - s.lastEventTime().toEpochMilli()) / 1000.0);
    for (InformerState state : InformerState.values()) {
      Gauge.builder("informer4j_informer_state", informer, i -> i.state() == state ? 1 : 0)
          .tags(tags.and("state", state.name())).description("1 for the informer's current state").register(registry);
    }
    for (HandlerRegistration handler : informer.handlers()) {
      Tags handlerTags = tags.and("handler", handler.name());
      Gauge.builder("informer4j_handler_pending", handler, HandlerRegistration::pending).tags(handlerTags)
          .description("notifications waiting for the handler").register(registry);
      Gauge.builder("informer4j_handler_lag_seconds", handler, h -> h.lag().toNanos() / 1e9).tags(handlerTags)
          .description("age of the oldest notification waiting for the handler").register(registry);
      FunctionCounter.builder("informer4j_handler_failures_total", handler, HandlerRegistration::failures).tags(handlerTags)
          .description("notifications the handler threw on").register(registry);
    }
  }

  private void counter(MeterRegistry registry, String what, Tags tags, ToLongFunction<InformerStatus> read) {
    FunctionCounter.builder("informer4j_informer_" + what + "_total", informer, i -> read.applyAsLong(i.status()))
        .tags(tags).register(registry);
  }

  private void gauge(MeterRegistry registry, String what, Tags tags, ToDoubleFunction<InformerStatus> read) {
    Gauge.builder("informer4j_informer_" + what, informer, i -> read.applyAsDouble(i.status())).tags(tags).register(registry);
  }
}

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
 *   <li>counters {@code informer4j_informer_{lists,relists,watches,events,errors,malformed,compaction_failures,idle_timeouts,
 *       watch_list_fallbacks,handler_failures,index_errors}_total};
 *   <li>gauges {@code informer4j_informer_cache_size}, {@code _synced} (0/1), {@code _consecutive_failures},
 *       {@code _stale_objects}, {@code _cache_lag_seconds}, {@code _handlers_stuck},
 *       {@code _last_event_age_seconds} (NaN before the first event), {@code _list_progress_objects}
 *       (objects received by the list in progress, 0 when none is running), and {@code informer4j_informer_state}
 *       with a {@code state} tag, 1 for the current state and 0 for the others;
 *   <li>per handler (tag {@code handler}), sampled when scraped: {@code informer4j_handler_pending},
 *       {@code informer4j_handler_lag_seconds}, {@code informer4j_handler_failures_total},
 *       {@code informer4j_handler_stuck} (0/1) — for the
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
    counter(registry, "lists", tags, InformerStatus::lists, "list calls made, pages included");
    counter(registry, "relists", tags, InformerStatus::relists, "full lists after the first");
    counter(registry, "watches", tags, InformerStatus::watches, "watches opened");
    counter(registry, "events", tags, InformerStatus::events, "watch events received");
    counter(registry, "errors", tags, InformerStatus::errors, "list and watch failures");
    counter(registry, "malformed", tags, InformerStatus::malformed, "objects or events that could not be read");
    counter(registry, "compaction_failures", tags, InformerStatus::compactionFailures,
        "objects kept as decoded because compacting them failed");
    counter(registry, "idle_timeouts", tags, InformerStatus::idleTimeouts,
        "watches re-opened after delivering nothing, and calls abandoned after receiving nothing");
    counter(registry, "watch_list_fallbacks", tags, InformerStatus::watchListFallbacks,
        "times watch-list was given up for listing");
    counter(registry, "handler_failures", tags, InformerStatus::handlerFailures, "notifications a handler threw on");
    counter(registry, "index_errors", tags, InformerStatus::indexErrors, "index function failures");
    gauge(registry, "cache_size", tags, InformerStatus::cacheSize, "objects in the cache");
    gauge(registry, "synced", tags, s -> s.synced() ? 1 : 0, "1 once the first list is in the cache");
    gauge(registry, "consecutive_failures", tags, InformerStatus::consecutiveFailures,
        "failed list or watch attempts since the last success");
    gauge(registry, "stale_objects", tags, InformerStatus::staleObjects,
        "keys whose latest state could not be read; the cache keeps an older version");
    gauge(registry, "cache_lag_seconds", tags, s -> s.cacheLag().toNanos() / 1e9,
        "how long changes have waited without the cache applying any");
    gauge(registry, "handlers_stuck", tags, s -> s.stuckHandlers().size(),
        "handlers busy with one notification for longer than the stuck threshold");
    gauge(registry, "list_progress_objects", tags, s -> s.listProgress() == null ? 0 : s.listProgress().objects(),
        "objects received by the list in progress");
    gauge(registry, "last_event_age_seconds", tags, s -> s.lastEventTime() == null ? Double.NaN
        : (Instant.now().toEpochMilli() - s.lastEventTime().toEpochMilli()) / 1000.0, "seconds since the last watch event");
    for (InformerState state : InformerState.values()) {
      Gauge.builder("informer4j_informer_state", informer, i -> i.state() == state ? 1 : 0)
          .tags(tags.and("state", state.name())).description("1 for the informer's current state").register(registry);
    }
    bindHandlers(registry);
  }

  /**
   * Publishes the meters of the informer's handlers registered so far (the per-handler part of
   * {@link #bindTo}), for an informer bound before its handlers were added.
   */
  public void bindHandlers(MeterRegistry registry) {
    Tags tags = Tags.of("informer", informer.name());
    for (HandlerRegistration handler : informer.handlers()) {
      Tags handlerTags = tags.and("handler", handler.name());
      Gauge.builder("informer4j_handler_pending", handler, HandlerRegistration::pending).tags(handlerTags)
          .description("notifications waiting for the handler").register(registry);
      Gauge.builder("informer4j_handler_lag_seconds", handler, h -> h.lag().toNanos() / 1e9).tags(handlerTags)
          .description("age of the oldest notification waiting for the handler").register(registry);
      FunctionCounter.builder("informer4j_handler_failures_total", handler, HandlerRegistration::failures).tags(handlerTags)
          .description("notifications the handler threw on").register(registry);
      Gauge.builder("informer4j_handler_stuck", handler, h -> h.isStuck() ? 1 : 0).tags(handlerTags)
          .description("1 while the handler is stuck in one notification").register(registry);
    }
  }

  private void counter(MeterRegistry registry, String what, Tags tags, ToLongFunction<InformerStatus> read,
                       String description) {
    FunctionCounter.builder("informer4j_informer_" + what + "_total", informer, i -> read.applyAsLong(i.status()))
        .tags(tags).description(description).register(registry);
  }

  private void gauge(MeterRegistry registry, String what, Tags tags, ToDoubleFunction<InformerStatus> read,
                     String description) {
    Gauge.builder("informer4j_informer_" + what, informer, i -> read.applyAsDouble(i.status())).tags(tags)
        .description(description).register(registry);
  }
}

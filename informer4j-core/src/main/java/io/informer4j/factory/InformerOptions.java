package io.informer4j.factory;

import io.informer4j.controller.EnqueueEvent;
import io.informer4j.controller.NamespaceFilter;
import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import io.informer4j.queue.PriorityWorkQueue;
import io.informer4j.queue.QueueItem;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * How the factory runs and routes one type's informer. Each registration keeps its own options (so
 * one type's name or resync period can never leak into another's).
 *
 * @param name            names the informer in logs, status and metrics; null for the type's kind
 * @param resyncPeriod    how often the factory routes every cached object of the type again, unchanged,
 *                        at low priority: null for the informer's default (the informers map's cache
 *                        options, none unless set), {@link Duration#ZERO} for never whatever that
 *                        default, otherwise at least one second; it is also the resync period of the
 *                        informer this registration creates
 * @param labelSelector   restricts what is listed and watched (added to any selection with {@code ,})
 * @param fieldSelector   restricts what is listed and watched (added with {@code ,})
 * @param namespace       scopes the list/watch to one namespace (tier 1); null for the filter's choice
 * @param namespaceFilter which namespaces may reach a queue (tiers 1 and 2)
 * @param queue           routes this type's items to this queue instead of the registry's (its owner
 *                        drains it); null to route through the queue registry
 * @param eventHook       told about every routed or dropped event; null for none; must be quick
 */
public record InformerOptions(String name, Duration resyncPeriod, LabelSelector labelSelector,
                              FieldSelector fieldSelector, String namespace, NamespaceFilter namespaceFilter,
                              PriorityWorkQueue<QueueItem> queue, Consumer<EnqueueEvent> eventHook) {

  /**
   * Normalizes absent parts.
   *
   * @throws IllegalArgumentException if {@code resyncPeriod} is negative
   */
  public InformerOptions {
    labelSelector = labelSelector == null ? LabelSelector.everything() : labelSelector;
    fieldSelector = fieldSelector == null ? FieldSelector.everything() : fieldSelector;
    namespace = namespace == null || namespace.isEmpty() ? null : namespace;
    namespaceFilter = namespaceFilter == null ? NamespaceFilter.none() : namespaceFilter;
    if (resyncPeriod != null && resyncPeriod.isNegative()) {
      throw new IllegalArgumentException("resyncPeriod must not be negative: " + resyncPeriod);
    }
  }

  /** Returns options with every default. */
  public static InformerOptions defaults() {
    return builder().build();
  }

  /** Starts building options. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Returns the namespace the list/watch is scoped to (tier 1): the explicit {@link #namespace()},
   * else the filter's single namespace; null for all namespaces.
   *
   * @throws IllegalArgumentException if an explicit namespace contradicts the filter
   */
  String tierOneNamespace() {
    if (namespace != null) {
      if (namespaceFilter.isActive() && !namespaceFilter.allows(namespace)) {
        throw new IllegalArgumentException("namespace '" + namespace + "' is rejected by the namespace filter ("
            + namespaceFilter.summary() + ")");
      }
      return namespace;
    }
    return namespaceFilter.isSingleNamespace() ? namespaceFilter.singleNamespace() : null;
  }

  /** Builds {@link InformerOptions}. Not thread-safe. */
  public static final class Builder {
    private String name;
    private Duration resyncPeriod;
    private LabelSelector labelSelector;
    private FieldSelector fieldSelector;
    private String namespace;
    private NamespaceFilter namespaceFilter;
    private PriorityWorkQueue<QueueItem> queue;
    private Consumer<EnqueueEvent> eventHook;

    private Builder() {
    }

    /** Names the informer. */
    public Builder name(String name) {
      this.name = Objects.requireNonNull(name, "name");
      return this;
    }

    /** Sets this type's resync period: {@link Duration#ZERO} for never, whatever the informer's default. */
    public Builder resyncPeriod(Duration period) {
      this.resyncPeriod = Objects.requireNonNull(period, "period");
      return this;
    }

    /** Sets the label selector, in Kubernetes syntax. */
    public Builder labelSelector(String selector) {
      this.labelSelector = LabelSelector.parse(selector);
      return this;
    }

    /** Sets the field selector, in Kubernetes syntax. */
    public Builder fieldSelector(String selector) {
      this.fieldSelector = FieldSelector.parse(selector);
      return this;
    }

    /** Scopes the list/watch to one namespace (tier 1). */
    public Builder namespace(String namespace) {
      this.namespace = Objects.requireNonNull(namespace, "namespace");
      return this;
    }

    /** Sets the namespace filter (tiers 1 and 2). */
    public Builder namespaceFilter(NamespaceFilter filter) {
      this.namespaceFilter = Objects.requireNonNull(filter, "filter");
      return this;
    }

    /** Routes this type's items to {@code queue} instead of the registry's queue. */
    public Builder queue(PriorityWorkQueue<QueueItem> queue) {
      this.queue = Objects.requireNonNull(queue, "queue");
      return this;
    }

    /** Sets a hook told about every event of this type. */
    public Builder eventHook(Consumer<EnqueueEvent> hook) {
      this.eventHook = Objects.requireNonNull(hook, "hook");
      return this;
    }

    /** Returns the options. */
    public InformerOptions build() {
      return new InformerOptions(name, resyncPeriod, labelSelector, fieldSelector, namespace, namespaceFilter, queue,
          eventHook);
    }
  }
}

package io.informer4j.factory;

import io.informer4j.informer.InformerBuilder;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.Selection;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;

/** Builds a factory entry: checks presence, resolves scope, builds the informer and its router. Stateless. */
final class EntryFactory {

  private EntryFactory() {
  }

  static <T> InformerEntry create(TypeKey type, Class<T> objectClass, GenericClient<T> client, InformerOptions options,
                                  SharedInformerFactory factory) {
    Selection selection = new Selection(options.tierOneNamespace(), options.labelSelector(), options.fieldSelector());
    TypePresence found = factory.presenceOf(type, client.source(), selection);
    Scope scope = factory.scopeOf(type, found);
    if (scope == Scope.CLUSTER && (options.namespaceFilter().isActive() || options.namespace() != null)) {
      throw new IllegalArgumentException("namespace rules apply to namespaced types only; " + type
          + " is cluster-scoped (" + options.namespaceFilter().summary() + ")");
    }
    Duration resyncPeriod = options.resyncPeriod() != null ? options.resyncPeriod() : factory.defaultResyncPeriod();
    String name = options.name() != null ? options.name() : type.kind();
    FactoryBuilder.Settings settings = factory.settings();
    AtomicReference<InformerEntry> self = new AtomicReference<>();
    InformerBuilder<T> builder = SharedIndexInformer.builder(client.source(), client.adapter())
        .name(name)
        .selection(selection)
        .resync(resyncPeriod)
        .runtime(factory.runtime())
        .watchList(settings.watchList())
        .minWatchTimeout(settings.minWatchTimeout())
        .backoff(settings.backoff())
        .watchErrorHandler(error -> {
          InformerEntry entry = self.get();
          if (entry != null) {
            factory.informerFailed(entry, error);
          }
        });
    if (settings.transform() != null) {
      builder.transform(sameClass(objectClass, settings.transform()));
    }
    SharedIndexInformer<T> informer = builder.build();
    InformerEntry entry = new InformerEntry(type, name, resyncPeriod, scope, options, informer, objectClass,
        client.source(), selection);
    self.set(entry);
    entry.setMissing(found.kind() == TypePresence.Kind.ABSENT, found.detail());
    EventRouter<T> router = new EventRouter<>(entry, informer, client.adapter(), factory.queues(),
        settings.enqueueFilter());
    entry.setRouter(router);
    entry.setRouting(informer.addEventHandler(router, SharedInformerFactory.routingHandler(resyncPeriod)));
    factory.bindMetrics(informer);
    return entry;
  }

  private static <T> UnaryOperator<T> sameClass(Class<T> objectClass, UnaryOperator<Object> transform) {
    return object -> objectClass.cast(transform.apply(object));
  }

  /** Checks an existing entry's presence with its own source and selection. */
  static TypePresence presence(InformerEntry entry, SharedInformerFactory factory) {
    return factory.presenceOf(entry.type(), entry.source(), entry.selection());
  }
}

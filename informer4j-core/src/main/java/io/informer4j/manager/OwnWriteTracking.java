package io.informer4j.manager;

import io.informer4j.controller.ReconcileBarrier;
import io.informer4j.informer.EventHandler;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Read-your-writes of one controller, bound: the primary type's {@link PendingWrites}, the write
 * history, and per watched type the {@link OwnWriteObserver} its event handler tells of every event
 * first. Immutable once bound.
 *
 * @param barrier   what the controller's workers ask before a reconcile
 * @param observers the observer of each watched type
 */
record OwnWriteTracking(ReconcileBarrier<ObjectKey> barrier, Map<TypeKey, EventHandler<?>> observers) {

  /** Binds the controller's {@link OwnWrites} to the manager's cache and timer. */
  static OwnWriteTracking bind(ControllerBuilder.ControllerSpec<?> spec, ManagedController.Context context) {
    List<ObjectType<?>> types = spec.watches().stream().<ObjectType<?>>map(ControllerBuilder.Watch::type).toList();
    CachedVersions versions = CachedVersions.of(context.cache(), types);
    TypeKey primary = spec.primary().key();
    PendingWrites pending = new PendingWrites(spec.name(), context.backend().resourceVersionOrder(primary),
        key -> versions.of(primary, key), context.runtime().scheduler(), spec.readYourWritesTimeout());
    WriteHistory history = new WriteHistory();
    Map<TypeKey, EventHandler<?>> observers = new LinkedHashMap<>();
    for (ObjectType<?> type : types) {
      observers.put(type.key(), observer(type, type.key().equals(primary) ? pending : null, history));
    }
    spec.ownWrites().bind(primary, pending, history, versions);
    return new OwnWriteTracking(spec.ownWrites().barrier(), Map.copyOf(observers));
  }

  private static <S> EventHandler<S> observer(ObjectType<S> type, PendingWrites pending, WriteHistory history) {
    return new OwnWriteObserver<>(type.key(), type.adapter(), pending, history);
  }
}

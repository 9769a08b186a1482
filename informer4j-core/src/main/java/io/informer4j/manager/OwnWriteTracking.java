package io.informer4j.manager;

import io.informer4j.controller.ReconcileBarrier;
import io.informer4j.controller.Reconciler;
import io.informer4j.informer.EventHandler;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.LoggerFactory;

/**
 * Read-your-writes of one controller, bound: the primary type's {@link PendingWrites}, the write
 * history, the search for {@link UnrecordedWrites}, and per watched type the {@link OwnWriteObserver}
 * its event handler tells of every event first. Immutable once bound.
 *
 * @param barrier    what the controller's workers ask before a reconcile
 * @param observers  the observer of each watched type
 * @param unrecorded the search for writes of the primary type the controller did not record
 */
record OwnWriteTracking(ReconcileBarrier<ObjectKey> barrier, Map<TypeKey, EventHandler<?>> observers,
                        UnrecordedWrites unrecorded) {

  /** Binds the controller's {@link OwnWrites} to the manager's cache, timer and recorded writes. */
  static OwnWriteTracking bind(ControllerBuilder.ControllerSpec<?> spec, ManagedController.Context context) {
    List<ObjectType<?>> types = spec.watches().stream().<ObjectType<?>>map(ControllerBuilder.Watch::type).toList();
    CachedVersions versions = CachedVersions.of(context.cache(), types);
    TypeKey primary = spec.primary().key();
    PendingWrites pending = new PendingWrites(spec.name(), context.backend().resourceVersionOrder(primary),
        key -> versions.of(primary, key), context.runtime().scheduler(), spec.readYourWritesTimeout());
    WriteHistory history = new WriteHistory();
    context.recorded().add(history);
    UnrecordedWrites unrecorded = new UnrecordedWrites(spec.name(), primary, context.recorded(),
        key -> versions.of(primary, key),
        context.runtime().clock(), spec.readYourWritesTimeout(), LoggerFactory.getLogger(UnrecordedWrites.class));
    context.recorded().whenWritesEnd(unrecorded::writesEnded);
    Map<TypeKey, EventHandler<?>> observers = new LinkedHashMap<>();
    for (ObjectType<?> type : types) {
      boolean isPrimary = type.key().equals(primary);
      observers.put(type.key(), observer(type, isPrimary ? pending : null, history, isPrimary ? unrecorded : null));
    }
    spec.ownWrites().bind(primary, pending, history, versions, context.recorded(), unrecorded);
    return new OwnWriteTracking(spec.ownWrites().barrier(), Map.copyOf(observers), unrecorded);
  }

  /** Returns {@code reconciler} watched for writes it does not record. */
  Reconciler<ObjectKey> watched(Reconciler<ObjectKey> reconciler) {
    return unrecorded.around(reconciler);
  }

  private static <S> EventHandler<S> observer(ObjectType<S> type, PendingWrites pending, WriteHistory history,
                                              UnrecordedWrites unrecorded) {
    return new OwnWriteObserver<>(type.key(), type.adapter(), pending, history, unrecorded);
  }
}

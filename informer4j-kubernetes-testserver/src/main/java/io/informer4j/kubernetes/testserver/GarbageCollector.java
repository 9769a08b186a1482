package io.informer4j.kubernetes.testserver;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;

/**
 * Cascading deletion, as kube-controller-manager's garbage collector does it
 * (kubernetes/pkg/controller/garbagecollector; https://kubernetes.io/docs/concepts/architecture/garbage-collection/).
 * Background: when an object is deleted, every object whose {@code metadata.ownerReferences} name
 * its uid, and none of whose other owners still exists, is deleted in turn (through the normal
 * delete, so its own finalizers hold it and its own dependents follow). Foreground: an owner being
 * deleted with the {@code foregroundDeletion} finalizer (which a {@code Foreground} delete adds, see
 * {@link ObjectWrites#delete}) has its dependents deleted — in the foreground when they have
 * dependents themselves, else in the background; a dependent with another owner that is not being
 * deleted in the foreground only loses its reference to the owner — and once no dependent whose
 * reference has {@code blockOwnerDeletion: true} remains, the finalizer is removed, which deletes the
 * owner when no other finalizer holds it. A delete with {@code propagationPolicy=Orphan} leaves the
 * dependents and removes the references to the owner from them (though after the owner is gone,
 * where the API server holds it with the {@code orphan} finalizer meanwhile). Dependents whose owner
 * never existed are not collected ({@link NamespaceController} empties deleted Namespaces). Runs on
 * one daemon thread. Thread-safe.
 */
final class GarbageCollector implements ObjectWrites.WriteListener, AutoCloseable {

  /** The {@code propagationPolicy} of a foreground delete. */
  static final String FOREGROUND = "Foreground";
  /** The finalizer that holds an owner being deleted in the foreground until its blocking dependents are gone. */
  static final String FOREGROUND_FINALIZER = "foregroundDeletion";

  /** An owner being deleted in the foreground. */
  private record Owner(ResourceType type, String namespace, String name, String uid) {
  }

  /** A stored object and its type. */
  private record Stored(ResourceType type, Map<String, Object> object) {
    Map<String, Object> metadata() {
      return Documents.childOrEmpty(object, "metadata");
    }
  }

  private final ObjectWrites writes;
  private final ServedTypes types;
  private final ExecutorService worker = DaemonThreads.single("kubernetes-test-server-gc");
  private final Map<String, Owner> waiting = new ConcurrentHashMap<>();
  private final AtomicBoolean sweepQueued = new AtomicBoolean();

  GarbageCollector(ObjectWrites writes, ServedTypes types) {
    this.writes = writes;
    this.types = types;
  }

  @Override
  public void written(ResourceType type, Map<String, Object> before, Map<String, Object> after, String propagation) {
    if (after != null) {
      Map<String, Object> metadata = Documents.childOrEmpty(after, "metadata");
      if (waitsForDependents(after)) {
        String uid = Documents.text(metadata, "uid");
        waiting.put(uid, new Owner(type, Documents.text(metadata, "namespace"), Documents.text(metadata, "name"), uid));
      }
      queueSweep();
      return;
    }
    String uid = Documents.text(Documents.childOrEmpty(before, "metadata"), "uid");
    if (uid != null && !uid.isEmpty()) {
      if ("Orphan".equals(propagation)) {
        worker.execute(() -> orphan(uid));
      } else {
        worker.execute(() -> collect(uid));
      }
    }
    queueSweep();
  }

  /** Queues one pass over the owners being deleted in the foreground, unless one is queued already. */
  private void queueSweep() {
    if (!waiting.isEmpty() && sweepQueued.compareAndSet(false, true)) {
      worker.execute(this::sweep);
    }
  }

  /**
   * Deletes the dependents of each owner being deleted in the foreground, and removes the owner's
   * {@code foregroundDeletion} finalizer once none of them blocks it. Every write it makes queues
   * another pass, until the owners are gone.
   */
  private void sweep() {
    sweepQueued.set(false);
    List<Stored> all = new ArrayList<>();
    forEachObject((type, object) -> all.add(new Stored(type, object)));
    Set<String> solid = new HashSet<>();
    all.stream().filter(s -> !waitsForDependents(s.object())).forEach(s -> solid.add(Documents.text(s.metadata(), "uid")));
    for (Owner owner : List.copyOf(waiting.values())) {
      Optional<Map<String, Object>> current = writes.find(owner.type(), owner.namespace(), owner.name());
      if (current.isEmpty() || !owner.uid().equals(Documents.text(Documents.metadata(current.get()), "uid"))
          || !waitsForDependents(current.get())) {
        waiting.remove(owner.uid());
        continue;
      }
      boolean blocked = false;
      for (Stored dependent : all) {
        Optional<Map<?, ?>> reference = reference(dependent.metadata(), owner.uid());
        if (reference.isEmpty()) {
          continue;
        }
        blocked |= Boolean.TRUE.equals(reference.get().get("blockOwnerDeletion"));
        if (owners(dependent.metadata()).stream().anyMatch(solid::contains)) {
          removeReference(dependent.type(), dependent.metadata(), owner.uid());
        } else if (!ObjectRules.isDeleting(dependent.object())) {
          String uid = Documents.text(dependent.metadata(), "uid");
          boolean hasDependents = all.stream().anyMatch(o -> owners(o.metadata()).contains(uid));
          writes.deleteAsController(dependent.type(), dependent.metadata(), hasDependents ? FOREGROUND : "Background");
        }
      }
      if (!blocked) {
        removeForegroundFinalizer(owner);
      }
    }
  }

  private void removeForegroundFinalizer(Owner owner) {
    try {
      writes.replace(owner.type(), owner.namespace(), owner.name(), current -> {
        List<String> finalizers = new ArrayList<>(ObjectRules.finalizers(current));
        finalizers.remove(FOREGROUND_FINALIZER);
        Documents.metadata(current).put("finalizers", finalizers);
        return current;
      }, false, ObjectWrites.WriteOptions.CONTROLLERS);
    } catch (RejectedRequest gone) {
      // the owner went away meanwhile: nothing holds it any more
    }
  }

  /** Returns true when {@code object} is being deleted and holds the {@code foregroundDeletion} finalizer. */
  private static boolean waitsForDependents(Map<String, Object> object) {
    return ObjectRules.isDeleting(object) && ObjectRules.finalizers(object).contains(FOREGROUND_FINALIZER);
  }

  private static Optional<Map<?, ?>> reference(Map<String, Object> metadata, String ownerUid) {
    if (metadata.get("ownerReferences") instanceof List<?> references) {
      return references.stream().filter(r -> r instanceof Map<?, ?> m && ownerUid.equals(m.get("uid")))
          .<Map<?, ?>>map(r -> (Map<?, ?>) r).findFirst();
    }
    return Optional.empty();
  }

  private void collect(String ownerUid) {
    Map<ResourceType, List<Map<String, Object>>> objects = new LinkedHashMap<>();
    Set<String> storages = new HashSet<>();
    for (ResourceType type : types.all()) {
      if (storages.add(type.storageType().toString())) {
        objects.put(type, writes.list(type));
      }
    }
    Set<String> live = new HashSet<>();
    objects.values().forEach(list -> list.forEach(o -> live.add(Documents.text(Documents.childOrEmpty(o, "metadata"), "uid"))));
    objects.forEach((type, list) -> {
      for (Map<String, Object> object : list) {
        Map<String, Object> metadata = Documents.childOrEmpty(object, "metadata");
        List<String> owners = owners(metadata);
        if (owners.contains(ownerUid) && owners.stream().noneMatch(live::contains)) {
          writes.deleteInBackground(type, metadata);
        }
      }
    });
  }

  /** Removes the references to {@code ownerUid} from its dependents, as the garbage collector's orphaning does. */
  private void orphan(String ownerUid) {
    forEachObject((type, object) -> {
      Map<String, Object> metadata = Documents.childOrEmpty(object, "metadata");
      if (owners(metadata).contains(ownerUid)) {
        removeReference(type, metadata, ownerUid);
      }
    });
  }

  /** Removes the reference to {@code ownerUid} from the dependent {@code metadata} names. */
  private void removeReference(ResourceType type, Map<String, Object> metadata, String ownerUid) {
    try {
      writes.replace(type, Documents.text(metadata, "namespace"), Documents.text(metadata, "name"), current -> {
        if (Documents.metadata(current).get("ownerReferences") instanceof List<?> references) {
          references.removeIf(r -> r instanceof Map<?, ?> reference && ownerUid.equals(reference.get("uid")));
          if (references.isEmpty()) {
            Documents.metadata(current).remove("ownerReferences");
          }
        }
        return current;
      }, false, ObjectWrites.WriteOptions.CONTROLLERS);
    } catch (RejectedRequest gone) {
      // the dependent went away meanwhile: nothing to remove
    }
  }

  /** Calls {@code action} with every stored object (each storage once) and its type. */
  private void forEachObject(BiConsumer<ResourceType, Map<String, Object>> action) {
    Set<String> storages = new HashSet<>();
    for (ResourceType type : types.all()) {
      if (storages.add(type.storageType().toString())) {
        writes.list(type).forEach(object -> action.accept(type, object));
      }
    }
  }

  private static List<String> owners(Map<String, Object> metadata) {
    if (metadata.get("ownerReferences") instanceof List<?> references) {
      return references.stream().filter(r -> r instanceof Map<?, ?>)
          .map(r -> String.valueOf(((Map<?, ?>) r).get("uid"))).toList();
    }
    return List.of();
  }

  @Override
  public void close() {
    worker.shutdownNow();
  }
}

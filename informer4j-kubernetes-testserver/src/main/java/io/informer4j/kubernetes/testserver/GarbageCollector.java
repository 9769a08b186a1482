package io.informer4j.kubernetes.testserver;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.function.BiConsumer;

/**
 * Background cascading deletion, as kube-controller-manager's garbage collector does it
 * (kubernetes/pkg/controller/garbagecollector; https://kubernetes.io/docs/concepts/architecture/garbage-collection/):
 * when an object is deleted, every object whose {@code metadata.ownerReferences} name its uid, and
 * none of whose other owners still exists, is deleted in turn (through the normal delete, so its own
 * finalizers hold it and its own dependents follow). A delete with {@code propagationPolicy=Orphan}
 * leaves the dependents and removes the references to the owner from them (though after the owner
 * is gone, where the API server holds it with the {@code orphan} finalizer meanwhile). {@code Foreground} is treated as background; {@code blockOwnerDeletion} is not honoured, and
 * dependents whose owner never existed are not collected ({@link NamespaceController} empties
 * deleted Namespaces). Runs on one daemon thread. Thread-safe.
 */
final class GarbageCollector implements ObjectWrites.WriteListener, AutoCloseable {

  private final ObjectWrites writes;
  private final ServedTypes types;
  private final ExecutorService worker = DaemonThreads.single("kubernetes-test-server-gc");

  GarbageCollector(ObjectWrites writes, ServedTypes types) {
    this.writes = writes;
    this.types = types;
  }

  @Override
  public void written(ResourceType type, Map<String, Object> before, Map<String, Object> after, String propagation) {
    if (after != null) {
      return;
    }
    String uid = Documents.text(Documents.childOrEmpty(before, "metadata"), "uid");
    if (uid == null || uid.isEmpty()) {
      return;
    }
    if ("Orphan".equals(propagation)) {
      worker.execute(() -> orphan(uid));
    } else {
      worker.execute(() -> collect(uid));
    }
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
          // the dependent went away meanwhile: nothing to orphan
        }
      }
    });
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

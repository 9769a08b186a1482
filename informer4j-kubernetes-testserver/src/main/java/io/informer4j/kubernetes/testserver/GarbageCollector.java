package io.informer4j.kubernetes.testserver;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;

/**
 * Background cascading deletion, as kube-controller-manager's garbage collector does it
 * (kubernetes/pkg/controller/garbagecollector; https://kubernetes.io/docs/concepts/architecture/garbage-collection/):
 * when an object is deleted, every object whose {@code metadata.ownerReferences} name its uid, and
 * none of whose other owners still exists, is deleted in turn (through the normal delete, so its own
 * finalizers hold it and its own dependents follow). A delete with {@code propagationPolicy=Orphan}
 * leaves the dependents (the API server would also remove their owner references: this server does
 * not). {@code Foreground} is treated as background; {@code blockOwnerDeletion} is not honoured, and
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
    if (after == null && !"Orphan".equals(propagation)) {
      Map<String, Object> metadata = Documents.childOrEmpty(before, "metadata");
      String uid = Documents.text(metadata, "uid");
      if (uid != null && !uid.isEmpty()) {
        worker.execute(() -> collect(uid));
      }
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

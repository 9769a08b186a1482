package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.Scope;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The namespace controller of kube-controller-manager (kubernetes/pkg/controller/namespace/deletion):
 * when a Namespace starts terminating, every object in it is deleted (through the normal delete, so
 * finalizers hold them); once nothing is left in it, the {@code kubernetes} finalizer is removed from
 * its {@code spec.finalizers}, which removes the Namespace when no other finalizer holds it. Runs on
 * one daemon thread. Thread-safe.
 */
final class NamespaceController implements ObjectWrites.WriteListener, AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(NamespaceController.class);

  private final ObjectWrites writes;
  private final ServedTypes types;
  private final ExecutorService worker = DaemonThreads.single("kubernetes-test-server-namespaces");

  NamespaceController(ObjectWrites writes, ServedTypes types) {
    this.writes = writes;
    this.types = types;
  }

  @Override
  public void written(ResourceType type, Map<String, Object> before, Map<String, Object> after, String propagation) {
    if (Namespaces.is(type)) {
      if (after != null && ObjectRules.isDeleting(after) && (before == null || !ObjectRules.isDeleting(before))) {
        String name = Documents.text(Documents.metadata(after), "name");
        worker.execute(() -> sweep(name));
      }
    } else if (after == null && type.scope() == Scope.NAMESPACED) {
      String namespace = Documents.text(Documents.childOrEmpty(before, "metadata"), "namespace");
      if (namespace != null && !namespace.isEmpty()) {
        worker.execute(() -> sweep(namespace));
      }
    }
  }

  /** Deletes what is left in a terminating Namespace, and finalizes it when nothing is. */
  private void sweep(String namespace) {
    Map<String, Object> found = writes.find(Namespaces.TYPE, null, namespace).orElse(null);
    if (found == null || !ObjectRules.isDeleting(found)
        || !Namespaces.specFinalizers(found).contains(Namespaces.KUBERNETES_FINALIZER)) {
      return;
    }
    boolean empty = true;
    Set<String> storages = new HashSet<>();
    for (ResourceType type : types.all()) {
      if (type.scope() != Scope.NAMESPACED || !storages.add(type.storageType().toString())) {
        continue;
      }
      for (Map<String, Object> object : writes.list(type)) {
        Map<String, Object> metadata = Documents.childOrEmpty(object, "metadata");
        if (namespace.equals(metadata.get("namespace"))) {
          empty = false;
          if (!ObjectRules.isDeleting(object)) {
            writes.deleteInBackground(type, metadata);
          }
        }
      }
    }
    if (empty) {
      try {
        writes.finalizeNamespace(namespace, Namespaces.KUBERNETES_FINALIZER);
      } catch (RejectedRequest gone) {
        log.debug("a namespace went away before it was finalized: {}", gone.getMessage());
      }
    }
  }

  @Override
  public void close() {
    worker.shutdownNow();
  }
}

package io.informer4j.kubernetes.testserver;

import io.fabric8.kubernetes.api.model.Namespace;
import io.informer4j.meta.Scope;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Namespaces as the API server treats them: the Namespace strategy (kubernetes/pkg/registry/core/namespace/strategy.go:
 * a new Namespace is {@code Active} and carries the {@code kubernetes} finalizer in {@code spec.finalizers},
 * an update keeps them, every Namespace has the {@code kubernetes.io/metadata.name} label naming it), its
 * deletion (pkg/registry/core/namespace/storage/storage.go: {@code Terminating} with a
 * {@code deletionTimestamp} while a finalizer remains) and the NamespaceLifecycle admission plugin
 * (kubernetes/plugin/pkg/admission/namespace/lifecycle/admission.go: creating in a Namespace that does not
 * exist is 404, in a terminating one 403, and {@code default}, {@code kube-system} and
 * {@code kube-public} may not be deleted). Stateless.
 */
final class Namespaces {

  /** The Namespaces every cluster has from the start. */
  static final List<String> INITIAL = List.of("default", "kube-system", "kube-public", "kube-node-lease");
  /** The finalizer the namespace controller removes once the Namespace is empty. */
  static final String KUBERNETES_FINALIZER = "kubernetes";
  static final String NAME_LABEL = "kubernetes.io/metadata.name";
  static final ResourceType TYPE = ResourceType.of(Namespace.class);

  private static final Set<String> IMMORTAL = Set.of("default", "kube-system", "kube-public");

  private Namespaces() {
  }

  /** Returns true for the core Namespace type. */
  static boolean is(ResourceType type) {
    return type.storageType().equals(TYPE.storageType());
  }

  /** Returns the document of a new Namespace named {@code name}, as a client sends it. */
  static Map<String, Object> document(String name) {
    Map<String, Object> document = new LinkedHashMap<>();
    document.put("apiVersion", "v1");
    document.put("kind", "Namespace");
    document.put("metadata", new LinkedHashMap<>(Map.of("name", name)));
    return document;
  }

  /** PrepareForCreate: status {@code Active}, the {@code kubernetes} finalizer added to {@code spec.finalizers}. */
  static void prepareCreate(Map<String, Object> document) {
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("phase", "Active");
    document.put("status", status);
    List<String> finalizers = Documents.strings(Documents.childOrEmpty(document, "spec"), "finalizers");
    if (!finalizers.contains(KUBERNETES_FINALIZER)) {
      List<String> added = new ArrayList<>(finalizers);
      added.add(KUBERNETES_FINALIZER);
      Documents.child(document, "spec").put("finalizers", added);
    }
  }

  /** PrepareForUpdate: {@code spec.finalizers} as stored (only the finalize subresource changes them). */
  static void prepareUpdate(Map<String, Object> old, Map<String, Object> document) {
    Object finalizers = Documents.childOrEmpty(old, "spec").get("finalizers");
    if (finalizers == null) {
      if (document.get("spec") instanceof Map<?, ?> spec) {
        spec.remove("finalizers");
      }
    } else {
      Documents.child(document, "spec").put("finalizers", Documents.copy(finalizers));
    }
  }

  /** Canonicalize: the {@code kubernetes.io/metadata.name} label names the Namespace. */
  static void label(Map<String, Object> document) {
    Map<String, Object> metadata = Documents.metadata(document);
    Documents.child(metadata, "labels").put(NAME_LABEL, Documents.text(metadata, "name"));
  }

  /** Returns the Namespace as deletion leaves it while finalizers remain: {@code Terminating}, no grace period. */
  static Map<String, Object> terminating(Map<String, Object> deleting) {
    Documents.metadata(deleting).remove("deletionGracePeriodSeconds");
    Documents.child(deleting, "status").put("phase", "Terminating");
    return deleting;
  }

  /** Returns the Namespace's {@code spec.finalizers}. */
  static List<String> specFinalizers(Map<String, Object> namespace) {
    return Documents.strings(Documents.childOrEmpty(namespace, "spec"), "finalizers");
  }

  /** Refuses the deletion of {@code default}, {@code kube-system} and {@code kube-public} (403). */
  static void checkDeletable(String name) {
    if (IMMORTAL.contains(name)) {
      throw forbidden(TYPE, name, "this namespace may not be deleted", null);
    }
  }

  /**
   * Admits the creation of an object of {@code type} in {@code namespace}, looking Namespaces up with
   * {@code lookup}: 404 {@code namespaces "<ns>" not found} when it does not exist, 403 with a
   * {@code NamespaceTerminating} cause when it is being deleted.
   */
  static void admitCreate(ResourceType type, String namespace, String name,
                          Function<String, Optional<Map<String, Object>>> lookup) {
    if (type.scope() != Scope.NAMESPACED || namespace == null || namespace.isEmpty()) {
      return;
    }
    Map<String, Object> found = lookup.apply(namespace).orElseThrow(() -> WriteRefusals.notFound(TYPE, namespace));
    if (ObjectRules.isDeleting(found)) {
      Map<String, Object> cause = new LinkedHashMap<>();
      cause.put("reason", "NamespaceTerminating");
      cause.put("message", "namespace " + namespace + " is being terminated");
      cause.put("field", "metadata.namespace");
      throw forbidden(type, name, "unable to create new content in namespace " + namespace
          + " because it is being terminated", cause);
    }
  }

  /** apimachinery's errors.NewForbidden: {@code <resource> "<name>" is forbidden: <why>}. */
  private static RejectedRequest forbidden(ResourceType type, String name, String why, Map<String, Object> cause) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("name", name);
    if (!type.type().group().isEmpty()) {
      details.put("group", type.type().group());
    }
    details.put("kind", type.plural());
    if (cause != null) {
      details.put("causes", List.of(cause));
    }
    return new RejectedRequest(new Statuses.Failure(403, Statuses.status(403, "Forbidden",
        WriteRefusals.qualified(type) + " \"" + name + "\" is forbidden: " + why, details), null));
  }
}

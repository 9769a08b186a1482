package io.informer4j.kubernetes.testserver;

import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.meta.Scope;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.testkit.WriteRejectedException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Single-object requests: get, create, update, JSON merge patch and delete, with the answers the API
 * server gives (201 on create, 409 when the object exists or the resourceVersion precondition fails
 * — a patch carrying {@code metadata.resourceVersion} is such a precondition — 404 when it does not
 * exist). Creating a CustomResourceDefinition makes its types served before the CRD is
 * stored as established (so whoever sees it established can use the type at once); deleting it
 * stops serving them, deleting their objects as Kubernetes does. Thread-safe.
 */
final class ObjectWrites {

  /** An answer: the HTTP code and the document. */
  record Answer(int code, Object document) {
  }

  private final SimulatedApi api;
  private final ServedTypes types;

  ObjectWrites(SimulatedApi api, ServedTypes types) {
    this.api = api;
    this.types = types;
  }

  /** Installs and serves a type. */
  void serve(ResourceDescriptor descriptor) {
    api.install(descriptor.type(), descriptor.scope());
    types.add(descriptor);
  }

  Answer get(ResourceDescriptor descriptor, String namespace, String name) {
    Optional<SimObject> found = api.get(descriptor.type(), namespaceFor(descriptor, namespace), name);
    return found.<Answer>map(o -> new Answer(200, ObjectJson.toDocument(descriptor.type(), o)))
        .orElseGet(() -> failure(Statuses.notFound(descriptor.plural() + " \"" + name + "\" not found")));
  }

  Answer create(ResourceDescriptor descriptor, String namespace, Map<String, Object> document) {
    Map<String, Object> stored = document;
    if (isCrd(descriptor)) {
      CustomResourceDefinitions.definedTypes(document).forEach(this::serve);
      stored = CustomResourceDefinitions.established(document);
    }
    SimObject object = ObjectJson.fromDocument(stored, namespaceFor(descriptor, namespace)).withResourceVersion("");
    return write(descriptor, () -> api.create(descriptor.type(), object), 201);
  }

  Answer update(ResourceDescriptor descriptor, String namespace, String name, Map<String, Object> document) {
    SimObject object = ObjectJson.fromDocument(document, namespaceFor(descriptor, namespace));
    if (!object.name().equals(name)) {
      return failure(Statuses.badRequest("the name in the body (" + object.name() + ") does not match the URL (" + name + ")"));
    }
    return write(descriptor, () -> api.update(descriptor.type(), object), 200);
  }

  /**
   * Applies a JSON merge patch to the stored object. A {@code metadata.resourceVersion} in the patch
   * must match the stored one (else 409); without it the patch applies to the latest version, retried
   * when a concurrent write wins, as the API server does.
   */
  @SuppressWarnings("unchecked")
  Answer patch(ResourceDescriptor descriptor, String namespace, String name, Map<String, Object> patch) {
    String ns = namespaceFor(descriptor, namespace);
    boolean pinned = patch.get("metadata") instanceof Map<?, ?> meta && meta.get("resourceVersion") != null;
    while (true) {
      Optional<SimObject> current = api.get(descriptor.type(), ns, name);
      if (current.isEmpty()) {
        return failure(Statuses.notFound(descriptor.plural() + " \"" + name + "\" not found"));
      }
      Map<String, Object> patched = (Map<String, Object>) MergePatch.apply(
          ObjectJson.toDocument(descriptor.type(), current.get()), patch);
      Answer answer = update(descriptor, namespace, name, patched);
      if (pinned || answer.code() != 409) {
        return answer;
      }
    }
  }

  Answer delete(ResourceDescriptor descriptor, String namespace, String name) {
    Answer answer = write(descriptor, () -> api.delete(descriptor.type(), namespaceFor(descriptor, namespace), name), 200);
    if (answer.code() == 200 && isCrd(descriptor) && answer.document() instanceof Map<?, ?> crd) {
      @SuppressWarnings("unchecked")
      List<ResourceDescriptor> defined = CustomResourceDefinitions.definedTypes((Map<String, Object>) crd);
      for (ResourceDescriptor type : defined) {
        types.remove(type);
        api.uninstall(type.type());
      }
    }
    return answer;
  }

  private Answer write(ResourceDescriptor descriptor, java.util.function.Supplier<SimObject> write, int code) {
    try {
      return new Answer(code, ObjectJson.toDocument(descriptor.type(), write.get()));
    } catch (WriteRejectedException e) {
      int status = e.reason().statusCode();
      String reason = switch (e.reason()) {
        case ALREADY_EXISTS -> "AlreadyExists";
        case NOT_FOUND -> "NotFound";
        case CONFLICT -> "Conflict";
      };
      return new Answer(status, Statuses.status(status, reason, e.getMessage(), null));
    }
  }

  private static boolean isCrd(ResourceDescriptor descriptor) {
    return descriptor.equals(CustomResourceDefinitions.CRD);
  }

  private static String namespaceFor(ResourceDescriptor descriptor, String namespace) {
    return descriptor.scope() == Scope.CLUSTER || namespace == null ? "" : namespace;
  }

  private static Answer failure(Statuses.Failure failure) {
    return new Answer(failure.code(), failure.status());
  }
}

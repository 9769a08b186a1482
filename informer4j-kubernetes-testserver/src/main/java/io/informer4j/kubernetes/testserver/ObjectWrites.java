package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.Scope;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.testkit.WriteRejectedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;

/**
 * Single-object requests — get, create, update, patch and delete, of the main resource or its
 * {@code /status} — with the answers the API server gives: 201 on create, 404 when the object does
 * not exist, 409 when it exists or a {@code resourceVersion} or uid precondition fails, 400 and 422
 * from {@link ObjectRules}. A write without a {@code resourceVersion} applies to the latest version
 * (the generic store's GuaranteedUpdate). Deletion follows the generic store (k8s.io/apiserver
 * pkg/registry/generic/registry/store.go): an object with finalizers gets a {@code deletionTimestamp}
 * (a MODIFIED event) and stays until an update removes its last finalizer, which deletes it (the
 * DELETED event carries its last stored state); the answer is the object while it stays, else a
 * {@code Status}. CRDs go through {@link CustomResourceDefinitions}' lifecycle. Objects of types
 * served with a schema (custom resources, built-in types from model classes) are pruned to it
 * ({@link SchemaPruning}) with {@code fieldValidation} Strict (400), Warn (the default: a warning per
 * field) or Ignore. {@link WriteListener}s hear of every write after it.
 *
 * <p>Thread-safe: writes are serialized on one lock; listeners are called outside it.
 */
final class ObjectWrites {

  /** An answer: the HTTP code, the document and the warnings for {@code Warning} headers. */
  record Answer(int code, Object document, List<String> warnings) {
    Answer(int code, Object document) {
      this(code, document, List.of());
    }
  }

  /** How a write is done: the {@code fieldValidation} directive and the client's User-Agent. */
  record WriteOptions(String fieldValidation, String agent) {
    static final WriteOptions DEFAULT = new WriteOptions("Warn", "informer4j-kubernetes-testserver");
  }

  /** How a delete is done: {@code propagationPolicy} (null for the default) and the preconditions (or null). */
  record DeleteOptions(String propagationPolicy, String uid, String resourceVersion) {
    static final DeleteOptions DEFAULT = new DeleteOptions(null, null, null);
  }

  /** Hears of writes after they are stored. */
  interface WriteListener {
    /**
     * {@code before} is null for a creation, {@code after} null for a deletion (then
     * {@code propagationPolicy} is the delete's). Must not block.
     */
    void written(ResourceType type, Map<String, Object> before, Map<String, Object> after, String propagationPolicy);
  }

  private static final int GENERATE_NAME_TRIES = 8;

  private final SimulatedApi api;
  private final ServedTypes types;
  private final ObjectRules rules;
  private final ReentrantLock lock = new ReentrantLock();
  private final List<WriteListener> listeners = new CopyOnWriteArrayList<>();

  ObjectWrites(SimulatedApi api, ServedTypes types, ObjectRules rules) {
    this.api = api;
    this.types = types;
    this.rules = rules;
  }

  void addListener(WriteListener listener) {
    listeners.add(listener);
  }

  ObjectRules rules() {
    return rules;
  }

  /** Installs and serves a type. */
  void serve(ResourceType type) {
    serve(type, null);
  }

  /** Installs and serves a type whose objects follow {@code schema} (null: any fields). */
  void serve(ResourceType type, Map<String, Object> schema) {
    api.install(type.storageType(), type.scope(), type.selectableFields());
    types.add(type, schema);
  }

  Answer get(ResourceType type, String namespace, String name) {
    return new Answer(200, current(type, namespace, name));
  }

  Answer create(ResourceType type, String namespace, Map<String, Object> body, WriteOptions options) {
    Map<String, Object> document = rules.prepareCreate(type, namespace, body, options.agent());
    List<String> warnings = prune(type, document, options);
    if (isCrd(type)) {
      CustomResourceDefinitions.servedTypes(document);
      document.put("status", CustomResourceDefinitions.initialStatus(document));
    }
    Map<String, Object> metadata = Documents.metadata(document);
    boolean generated = Documents.text(metadata, "name") == null || Documents.text(metadata, "name").isEmpty();
    String prefix = Documents.text(metadata, "generateName");
    Map<String, Object> created;
    lock.lock();
    try {
      for (int attempt = 1; ; attempt++) {
        if (generated) {
          metadata.put("name", Names.generate(prefix));
        }
        try {
          created = stored(type, api.create(type.storageType(), toObject(type, namespace, document)));
          break;
        } catch (WriteRejectedException e) {
          if (!generated || attempt == GENERATE_NAME_TRIES || e.reason() != WriteRejectedException.Reason.ALREADY_EXISTS) {
            throw rejected(type, Documents.text(metadata, "name"), e);
          }
        }
      }
    } finally {
      lock.unlock();
    }
    notify(type, null, created, null);
    return new Answer(201, created, warnings);
  }

  /** Replaces the object (or its status) with {@code body}. */
  Answer update(ResourceType type, String namespace, String name, Map<String, Object> body, boolean status,
                WriteOptions options) {
    return replace(type, namespace, name, old -> body, status, options);
  }

  /**
   * Changes the stored object by {@code change} (a patch applied to its current document) and writes
   * the result as an update; a {@code resourceVersion} the result carries is a precondition, without
   * one a concurrent write makes the change apply again to the newer version.
   *
   * @throws RejectedRequest 404 when the object does not exist, or what the update is refused with
   */
  Answer replace(ResourceType type, String namespace, String name, UnaryOperator<Map<String, Object>> change,
                 boolean status, WriteOptions options) {
    String ns = namespaceOf(type, namespace);
    while (true) {
      Map<String, Object> before;
      Map<String, Object> result;
      boolean removed = false;
      List<String> warnings;
      lock.lock();
      try {
        SimObject current = api.get(type.storageType(), ns, name).orElseThrow(() -> notFound(type, name));
        before = ObjectJson.toDocument(type.type(), current);
        Map<String, Object> body = change.apply(Documents.copy(before));
        String pinned = Documents.text(Documents.childOrEmpty(body, "metadata"), "resourceVersion");
        boolean hasPin = pinned != null && !pinned.isEmpty();
        Map<String, Object> document = status
            ? rules.prepareStatusUpdate(type, namespace, name, before, body)
            : rules.prepareUpdate(type, namespace, name, before, body, options.agent());
        warnings = prune(type, document, options);
        if (isCrd(type) && !status) {
          CustomResourceDefinitions.servedTypes(document);
        }
        if (ObjectRules.isDeleting(before) && ObjectRules.finalizers(document).isEmpty()) {
          if (hasPin && !pinned.equals(current.resourceVersion())) {
            throw conflict(type, name);
          }
          result = stored(type, api.delete(type.storageType(), ns, name));
          removed = true;
        } else {
          SimObject next = toObject(type, namespace, document)
              .withResourceVersion(hasPin ? pinned : current.resourceVersion());
          try {
            result = stored(type, api.update(type.storageType(), next));
          } catch (WriteRejectedException e) {
            if (hasPin || e.reason() != WriteRejectedException.Reason.CONFLICT) {
              throw rejected(type, name, e);
            }
            continue;
          }
        }
      } finally {
        lock.unlock();
      }
      if (removed || !result.equals(before)) {
        notify(type, before, removed ? null : result, null);
      }
      return new Answer(200, result, warnings);
    }
  }

  /**
   * Deletes an object: with finalizers it gets a {@code deletionTimestamp} and is answered (200),
   * without it is removed and a Status answered; a CRD gets the cleanup finalizer first.
   */
  Answer delete(ResourceType type, String namespace, String name, DeleteOptions options) {
    String ns = namespaceOf(type, namespace);
    Map<String, Object> before;
    Map<String, Object> after;
    lock.lock();
    try {
      SimObject current = api.get(type.storageType(), ns, name).orElseThrow(() -> notFound(type, name));
      if (options.uid() != null && !options.uid().equals(current.uid())) {
        throw new RejectedRequest(conflictStatus(type, name, "Precondition failed: UID in precondition: "
            + options.uid() + ", UID in object meta: " + current.uid()));
      }
      if (options.resourceVersion() != null && !options.resourceVersion().equals(current.resourceVersion())) {
        throw new RejectedRequest(conflictStatus(type, name, "Precondition failed: ResourceVersion in precondition: "
            + options.resourceVersion() + ", ResourceVersion in object meta: " + current.resourceVersion()));
      }
      before = ObjectJson.toDocument(type.type(), current);
      boolean pending = !ObjectRules.finalizers(before).isEmpty() || isCrd(type);
      if (pending && ObjectRules.isDeleting(before)) {
        return new Answer(200, before);
      }
      if (pending) {
        Map<String, Object> deleting = rules.markDeleted(before);
        if (isCrd(type)) {
          deleting = CustomResourceDefinitions.terminating(deleting, rules.now());
        }
        after = stored(type, api.update(type.storageType(), toObject(type, namespace, deleting)
            .withResourceVersion(current.resourceVersion())));
      } else {
        api.delete(type.storageType(), ns, name);
        after = null;
      }
    } catch (WriteRejectedException e) {
      throw rejected(type, name, e);
    } finally {
      lock.unlock();
    }
    notify(type, before, after, options.propagationPolicy());
    return after != null ? new Answer(200, after)
        : new Answer(200, Statuses.deleted(type, name, Documents.text(Documents.metadata(before), "uid")));
  }

  /** Returns the stored objects of {@code type}'s storage, as {@code type}'s documents. */
  List<Map<String, Object>> list(ResourceType type) {
    List<Map<String, Object>> documents = new ArrayList<>();
    if (api.isInstalled(type.storageType())) {
      api.snapshot(type.storageType()).values().forEach(o -> documents.add(ObjectJson.toDocument(type.type(), o)));
    }
    return documents;
  }

  private Map<String, Object> current(ResourceType type, String namespace, String name) {
    return api.get(type.storageType(), namespaceOf(type, namespace), name)
        .map(o -> ObjectJson.toDocument(type.type(), o)).orElseThrow(() -> notFound(type, name));
  }

  private List<String> prune(ResourceType type, Map<String, Object> document, WriteOptions options) {
    List<String> unknown = SchemaPruning.prune(document, types.schema(type));
    if (unknown.isEmpty() || "Ignore".equals(options.fieldValidation())) {
      return List.of();
    }
    List<String> messages = unknown.stream().map(path -> "unknown field \"" + path + "\"").toList();
    if ("Strict".equals(options.fieldValidation())) {
      String kind = type.type().kind();
      throw new RejectedRequest(Statuses.badRequest(kind + " in version \"" + type.type().version()
          + "\" cannot be handled as a " + kind + ": strict decoding error: " + String.join(", ", messages)));
    }
    return messages;
  }

  private void notify(ResourceType type, Map<String, Object> before, Map<String, Object> after, String propagation) {
    for (WriteListener listener : listeners) {
      listener.written(type, before, after, propagation);
    }
  }

  private static Map<String, Object> stored(ResourceType type, SimObject object) {
    return ObjectJson.toDocument(type.type(), object);
  }

  private static SimObject toObject(ResourceType type, String namespace, Map<String, Object> document) {
    return ObjectJson.fromDocument(document, namespaceOf(type, namespace));
  }

  private static boolean isCrd(ResourceType type) {
    return type.storageType().equals(CustomResourceDefinitions.CRD.type());
  }

  private static String namespaceOf(ResourceType type, String namespace) {
    return type.scope() == Scope.CLUSTER || namespace == null ? "" : namespace;
  }

  /** Returns the resource as the API server names it in messages: {@code configmaps}, {@code widgets.example.com}. */
  static String qualified(ResourceType type) {
    return type.type().group().isEmpty() ? type.plural() : type.plural() + "." + type.type().group();
  }

  static RejectedRequest notFound(ResourceType type, String name) {
    return new RejectedRequest(failure(type, name, 404, "NotFound", qualified(type) + " \"" + name + "\" not found"));
  }

  private static RejectedRequest conflict(ResourceType type, String name) {
    return new RejectedRequest(conflictStatus(type, name,
        "the object has been modified; please apply your changes to the latest version and try again"));
  }

  private static Statuses.Failure conflictStatus(ResourceType type, String name, String why) {
    return failure(type, name, 409, "Conflict", "Operation cannot be fulfilled on " + qualified(type) + " \"" + name
        + "\": " + why);
  }

  private static RejectedRequest rejected(ResourceType type, String name, WriteRejectedException e) {
    return switch (e.reason()) {
      case ALREADY_EXISTS -> new RejectedRequest(failure(type, name, 409, "AlreadyExists",
          qualified(type) + " \"" + name + "\" already exists"));
      case NOT_FOUND -> notFound(type, name);
      case CONFLICT -> conflict(type, name);
    };
  }

  private static Statuses.Failure failure(ResourceType type, String name, int code, String reason, String message) {
    Map<String, Object> details = new java.util.LinkedHashMap<>();
    details.put("name", name);
    if (!type.type().group().isEmpty()) {
      details.put("group", type.type().group());
    }
    details.put("kind", type.plural());
    return new Statuses.Failure(code, Statuses.status(code, reason, message, details), null);
  }

  /** Returns the stored object of {@code type}, if any (for the controllers). */
  Optional<Map<String, Object>> find(ResourceType type, String namespace, String name) {
    if (!api.isInstalled(type.storageType())) {
      return Optional.empty();
    }
    return api.get(type.storageType(), namespaceOf(type, namespace), name).map(o -> ObjectJson.toDocument(type.type(), o));
  }
}

package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.testkit.WriteRejectedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;

/**
 * Single-object requests — get, create, update, patch, apply and delete, of the main resource or
 * its {@code /status} — with the answers the API server gives: 201 on create (and on an apply that
 * creates), 404 when the object does not exist, 409 when it exists or a {@code resourceVersion} or
 * uid precondition fails, 400 and 422 from {@link ObjectRules}. A write without a
 * {@code resourceVersion} applies to the latest version (the generic store's GuaranteedUpdate).
 * Deletion follows the generic store (k8s.io/apiserver pkg/registry/generic/registry/store.go): an
 * object with finalizers gets a {@code deletionTimestamp} (a MODIFIED event) and stays until a write
 * removes its last finalizer, which deletes it (the DELETED event carries its last stored state);
 * the answer is the object while it stays, else a {@code Status}. CRDs go through
 * {@link CustomResourceDefinitions}' lifecycle. Objects of types served with a schema (custom
 * resources, built-in types from model classes) are pruned to it ({@link SchemaPruning}) with
 * {@code fieldValidation} Strict (400), Warn (the default: a warning per field) or Ignore, and carry
 * {@code metadata.managedFields}: every create, update and patch is an {@code Update} of its field
 * manager, server-side apply merges by the schema ({@link FieldManager}). Built-in kinds are
 * defaulted and validated as the API server does ({@link BuiltInKinds}). {@link WriteListener}s
 * hear of every write after it. A dry run ({@code dryRun=All}) is checked, defaulted and answered
 * as the write would be, but nothing is stored, no listener hears of it and no resourceVersion is
 * used up (k8s.io/apiserver pkg/registry/generic/registry/dryrun.go).
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

  /**
   * How a write is done: the {@code fieldValidation} directive, the field manager it is recorded
   * under, and whether it is a dry run ({@code dryRun=All}: checked and answered, not stored).
   */
  record WriteOptions(String fieldValidation, String fieldManager, boolean dryRun) {
    /** The writes the test server's own API makes. */
    static final WriteOptions DEFAULT = new WriteOptions("Warn", "informer4j-kubernetes-testserver", false);
    /** The writes of the controllers the test server runs, named as the API server names its own. */
    static final WriteOptions CONTROLLERS = new WriteOptions("Warn", "kube-apiserver", false);
  }

  /** How an apply is done: its field manager, whether it takes fields other managers own, whether it is a dry run. */
  record ApplyOptions(String fieldManager, boolean force, boolean dryRun) {
  }

  /**
   * How a delete is done: {@code propagationPolicy} (null for the default), the preconditions (or
   * null) and whether it is a dry run.
   */
  record DeleteOptions(String propagationPolicy, String uid, String resourceVersion, boolean dryRun) {
    static final DeleteOptions DEFAULT = new DeleteOptions(null, null, null, false);
  }

  /** Hears of writes after they are stored. */
  interface WriteListener {
    /**
     * {@code before} is null for a creation, {@code after} null for a deletion (then
     * {@code propagationPolicy} is the delete's). Must not block.
     */
    void written(ResourceType type, Map<String, Object> before, Map<String, Object> after, String propagationPolicy);
  }

  /** What a write stores, computed from the stored object under the write lock. */
  private interface Change {
    Prepared apply(Map<String, Object> stored);
  }

  /** A document to store and the warnings of preparing it. */
  private record Prepared(Map<String, Object> document, List<String> warnings) {
  }

  private static final int GENERATE_NAME_TRIES = 8;

  private final SimulatedApi api;
  private final ServedTypes types;
  private final ObjectRules rules;
  private final FieldManager fieldManager;
  private final ReentrantLock lock = new ReentrantLock();
  private final List<WriteListener> listeners = new CopyOnWriteArrayList<>();
  private final BuiltInKinds builtIns = new BuiltInKinds(this::list);
  private final Set<TypeKey> unvalidated = ConcurrentHashMap.newKeySet();

  ObjectWrites(SimulatedApi api, ServedTypes types, ObjectRules rules) {
    this.api = api;
    this.types = types;
    this.rules = rules;
    this.fieldManager = new FieldManager(rules::now);
  }

  void addListener(WriteListener listener) {
    listeners.add(listener);
  }

  ObjectRules rules() {
    return rules;
  }

  /** Stops validating the objects of {@code type} (a served version's group, version and kind); see {@link #validates}. */
  void skipValidation(TypeKey type) {
    unvalidated.add(type);
  }

  /**
   * Returns false when the objects of {@code type} are written without validation of their content
   * (a CRD schema's value and CEL rules, a built-in kind's content rules), true by default;
   * defaulting, pruning and the metadata rules apply either way.
   */
  boolean validates(ResourceType type) {
    return !unvalidated.contains(type.type());
  }

  /** Installs and serves a type whose objects may hold any field. */
  void serve(ResourceType type) {
    serve(type, null, false);
  }

  /**
   * Installs and serves a type whose objects follow {@code schema} (null: any fields); a built-in
   * kind's new objects start with the empty objects of its Go type, and it has the {@code /scale}
   * subresource the API server gives it ({@link ScaleSubresource#builtIn}).
   */
  void serve(ResourceType type, Map<String, Object> schema, boolean builtInKind) {
    serve(type, schema, builtInKind, builtInKind ? ScaleSubresource.builtIn(type) : null);
  }

  /** Installs and serves a type as {@link #serve(ResourceType, Map, boolean)}, with {@code scale} (or null) as its /scale. */
  void serve(ResourceType type, Map<String, Object> schema, boolean builtInKind, ScaleSubresource scale) {
    api.install(type.storageType(), type.scope(), type.selectableFields());
    types.add(type, schema, builtInKind, scale);
  }

  Answer get(ResourceType type, String namespace, String name) {
    return new Answer(200, current(type, namespace, name));
  }

  Answer create(ResourceType type, String namespace, Map<String, Object> body, WriteOptions options) {
    Map<String, Object> document = rules.prepareCreate(type, namespace, body);
    List<String> warnings = prune(type, document, options);
    checkSchema(type, null, document);
    builtIns.admit(type, null, document, validates(type));
    Map<String, Object> created;
    lock.lock();
    try {
      created = insert(type, namespace, track(type, false, null, document, options.fieldManager()), options.dryRun());
    } finally {
      lock.unlock();
    }
    if (!options.dryRun()) {
      notify(type, null, created, null);
    }
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
    return write(type, namespace, name, before -> {
      Map<String, Object> body = change.apply(Documents.copy(before));
      Map<String, Object> document = status
          ? rules.prepareStatusUpdate(type, namespace, name, before, body)
          : rules.prepareUpdate(type, namespace, name, before, body);
      List<String> warnings = new ArrayList<>(prune(type, document, options));
      warnings.addAll(checkSchema(type, before, document));
      if (!status) {
        builtIns.admit(type, before, document, validates(type));
      }
      if (isCrd(type) && !status) {
        CustomResourceDefinitions.validate(document);
      }
      return new Prepared(track(type, status, before, document, options.fieldManager()), warnings);
    }, null, options.dryRun());
  }

  /**
   * Applies {@code applied} (server-side apply) to the object or its status: merges it into the
   * stored object and writes the result as an update, or creates the object (201) when it does not
   * exist and the main resource is applied. A {@code resourceVersion} in it is a precondition on
   * an update and ignored on a creation; a uid with no object to match is 409.
   *
   * @throws RejectedRequest        404 for the status of an object that does not exist, 500 for a
   *                                type served without a schema, or what the write is refused with
   * @throws ApplyConflictException when it changes fields other managers own, without force
   */
  Answer apply(ResourceType type, String namespace, String name, Map<String, Object> applied, boolean status,
               ApplyOptions options) {
    if (types.schema(type) == null) {
      // the API server has a schema for every kind; its field manager's answer for a kind it has none for
      String kind = FieldManager.groupVersionKind(type.type().apiVersion(), type.type().kind());
      throw new RejectedRequest(new Statuses.Failure(500, Statuses.status(500, null, "failed to create typed patch "
          + "object (" + (namespace == null ? "" : namespace) + "/" + name + "; " + kind + "): no corresponding type for "
          + kind + " (the test server serves " + type.plural() + " without a schema)", null), null));
    }
    FieldScope scope = scope(type, status);
    Change creation = status ? null : absent -> {
      String uid = Documents.text(Documents.childOrEmpty(applied, "metadata"), "uid");
      if (uid != null && !uid.isEmpty()) {
        throw WriteRefusals.conflict(type, name, "uid mismatch: the provided object specified uid " + uid
            + ", and no existing object was found");
      }
      Map<String, Object> merged = fieldManager.apply(scope, null, applied, options.fieldManager(), options.force());
      Documents.metadata(merged).remove("resourceVersion");
      checkName(merged, name);
      Map<String, Object> created = rules.prepareCreate(type, namespace, merged);
      checkSchema(type, null, created);
      builtIns.admit(type, null, created, validates(type));
      return new Prepared(created, List.of());
    };
    return write(type, namespace, name, before -> {
      Map<String, Object> merged = fieldManager.apply(scope, before, applied, options.fieldManager(), options.force());
      checkName(merged, name);
      Map<String, Object> document = status
          ? rules.prepareStatusUpdate(type, namespace, name, before, merged)
          : rules.prepareUpdate(type, namespace, name, before, merged);
      List<String> warnings = checkSchema(type, before, document);
      if (!status) {
        builtIns.admit(type, before, document, validates(type));
      }
      if (isCrd(type) && !status) {
        CustomResourceDefinitions.validate(document);
      }
      Object managed = Documents.metadata(merged).get("managedFields");
      if (managed == null) {
        Documents.metadata(document).remove("managedFields");
      } else {
        Documents.metadata(document).put("managedFields", managed);
      }
      return new Prepared(document, warnings);
    }, creation, options.dryRun());
  }

  /**
   * Writes what {@code change} makes of the stored object (or, when it does not exist and
   * {@code creation} is given, creates what that makes); retries on a concurrent change unless the
   * document pins a resourceVersion. A dry run checks and answers as the write would, storing
   * nothing and telling no listener.
   */
  private Answer write(ResourceType type, String namespace, String name, Change change, Change creation,
                       boolean dryRun) {
    String ns = namespaceOf(type, namespace);
    while (true) {
      Map<String, Object> before = null;
      Map<String, Object> result;
      boolean removed = false;
      Prepared prepared;
      lock.lock();
      try {
        Optional<SimObject> stored = api.get(type.storageType(), ns, name);
        if (stored.isEmpty() && creation != null) {
          prepared = creation.apply(null);
          result = insert(type, namespace, prepared.document(), dryRun);
        } else {
          SimObject current = stored.orElseThrow(() -> WriteRefusals.notFound(type, name));
          before = ObjectJson.toDocument(type.type(), current);
          prepared = change.apply(Documents.copy(before));
          Map<String, Object> document = prepared.document();
          String pinned = Documents.text(Documents.childOrEmpty(document, "metadata"), "resourceVersion");
          boolean hasPin = pinned != null && !pinned.isEmpty();
          if (dryRun) {
            if (hasPin && !pinned.equals(current.resourceVersion())) {
              throw WriteRefusals.conflict(type, name);
            }
            Documents.metadata(document).put("resourceVersion", current.resourceVersion());
            result = document;
          } else if (ObjectRules.isDeleting(before) && !ObjectRules.holdsDeletion(type, document)) {
            if (hasPin && !pinned.equals(current.resourceVersion())) {
              throw WriteRefusals.conflict(type, name);
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
                throw WriteRefusals.rejected(type, name, e);
              }
              continue;
            }
          }
        }
      } finally {
        lock.unlock();
      }
      if (before == null) {
        if (!dryRun) {
          notify(type, null, result, null);
        }
        return new Answer(201, result, prepared.warnings());
      }
      if (!dryRun && (removed || !result.equals(before))) {
        notify(type, before, removed ? null : result, null);
      }
      return new Answer(200, result, prepared.warnings());
    }
  }

  /**
   * Stores a new object (under the lock), generating its name from {@code generateName} when it has
   * none; what the server derives from the stored identity ({@link BuiltInKinds#completeCreated}) is
   * written right after. A dry run checks that it could be stored and returns it with the uid the
   * store would give it and no resourceVersion, as the API server answers a dry-run create.
   */
  private Map<String, Object> insert(ResourceType type, String namespace, Map<String, Object> document, boolean dryRun) {
    if (isCrd(type)) {
      CustomResourceDefinitions.validate(document);
      document.put("status", CustomResourceDefinitions.initialStatus(document));
    }
    Map<String, Object> metadata = Documents.metadata(document);
    boolean generated = Documents.text(metadata, "name") == null || Documents.text(metadata, "name").isEmpty();
    String prefix = Documents.text(metadata, "generateName");
    for (int attempt = 1; ; attempt++) {
      if (generated) {
        metadata.put("name", Names.generate(prefix));
      }
      if (Namespaces.is(type)) {
        Namespaces.label(document);
      }
      Namespaces.admitCreate(type, namespaceOf(type, namespace), Documents.text(metadata, "name"),
          ns -> find(Namespaces.TYPE, null, ns));
      if (dryRun) {
        if (api.get(type.storageType(), namespaceOf(type, namespace), Documents.text(metadata, "name")).isEmpty()) {
          metadata.put("uid", UUID.randomUUID().toString());
          return document;
        }
        if (!generated || attempt == GENERATE_NAME_TRIES) {
          throw WriteRefusals.rejected(type, Documents.text(metadata, "name"),
              new WriteRejectedException("exists", WriteRejectedException.Reason.ALREADY_EXISTS));
        }
        continue;
      }
      try {
        SimObject created = api.create(type.storageType(), toObject(type, namespace, document));
        Map<String, Object> completed = builtIns.completeCreated(type, stored(type, created));
        return completed == null ? stored(type, created) : stored(type, api.update(type.storageType(),
            toObject(type, namespace, completed).withResourceVersion(created.resourceVersion())));
      } catch (WriteRejectedException e) {
        if (!generated || attempt == GENERATE_NAME_TRIES || e.reason() != WriteRejectedException.Reason.ALREADY_EXISTS) {
          throw WriteRefusals.rejected(type, Documents.text(metadata, "name"), e);
        }
      }
    }
  }

  /**
   * Returns {@code document} with the managed fields of an {@code Update} by {@code manager}; a type
   * without a schema keeps the stored ones (the API server's field manager keeps them when it cannot
   * type an object).
   */
  private Map<String, Object> track(ResourceType type, boolean status, Map<String, Object> before,
                                    Map<String, Object> document, String manager) {
    if (types.schema(type) != null) {
      return fieldManager.update(scope(type, status), before, document, manager);
    }
    Object kept = before == null ? null : Documents.childOrEmpty(before, "metadata").get("managedFields");
    if (kept == null) {
      Documents.metadata(document).remove("managedFields");
    } else {
      Documents.metadata(document).put("managedFields", kept);
    }
    return document;
  }

  private FieldScope scope(ResourceType type, boolean status) {
    return new FieldScope(type.type(), types.schema(type), status ? "status" : "", type.statusSubresource(),
        types.isBuiltIn(type));
  }

  /** The name check of the API server's patch handler (checkName): 400 when the object names another. */
  private static void checkName(Map<String, Object> document, String name) {
    String named = Documents.text(Documents.childOrEmpty(document, "metadata"), "name");
    if (!name.equals(named)) {
      throw new RejectedRequest(Statuses.badRequest("the name of the object (" + (named == null ? "" : named)
          + ") does not match the name on the URL (" + name + ")"));
    }
  }

  /**
   * Deletes an object: with finalizers it gets a {@code deletionTimestamp} and is answered (200),
   * without it is removed and a Status answered; a CRD gets the cleanup finalizer first. A
   * {@code Foreground} delete adds the {@code foregroundDeletion} finalizer (also to an object
   * already being deleted), which the {@link GarbageCollector} removes once the blocking dependents
   * are gone.
   */
  Answer delete(ResourceType type, String namespace, String name, DeleteOptions options) {
    String ns = namespaceOf(type, namespace);
    Map<String, Object> before;
    Map<String, Object> after;
    lock.lock();
    try {
      SimObject current = api.get(type.storageType(), ns, name).orElseThrow(() -> WriteRefusals.notFound(type, name));
      if (options.uid() != null && !options.uid().equals(current.uid())) {
        throw WriteRefusals.conflict(type, name, "Precondition failed: UID in precondition: "
            + options.uid() + ", UID in object meta: " + current.uid());
      }
      if (options.resourceVersion() != null && !options.resourceVersion().equals(current.resourceVersion())) {
        throw WriteRefusals.conflict(type, name, "Precondition failed: ResourceVersion in precondition: "
            + options.resourceVersion() + ", ResourceVersion in object meta: " + current.resourceVersion());
      }
      before = ObjectJson.toDocument(type.type(), current);
      if (Namespaces.is(type)) {
        Namespaces.checkDeletable(name);
      }
      boolean foreground = GarbageCollector.FOREGROUND.equals(options.propagationPolicy())
          && !ObjectRules.finalizers(before).contains(GarbageCollector.FOREGROUND_FINALIZER);
      boolean pending = foreground || ObjectRules.holdsDeletion(type, before) || isCrd(type);
      if (pending && ObjectRules.isDeleting(before) && !foreground) {
        return new Answer(200, before);
      }
      if (pending) {
        Map<String, Object> deleting = ObjectRules.isDeleting(before) ? Documents.copy(before) : rules.markDeleted(before);
        if (foreground) {
          List<String> finalizers = new ArrayList<>(ObjectRules.finalizers(deleting));
          finalizers.add(GarbageCollector.FOREGROUND_FINALIZER);
          Documents.metadata(deleting).put("finalizers", finalizers);
        }
        if (isCrd(type)) {
          deleting = CustomResourceDefinitions.terminating(deleting, rules.now());
        } else if (Namespaces.is(type)) {
          deleting = Namespaces.terminating(deleting);
        }
        after = options.dryRun() ? deleting : stored(type, api.update(type.storageType(),
            toObject(type, namespace, deleting).withResourceVersion(current.resourceVersion())));
      } else if (options.dryRun()) {
        after = null;
      } else {
        api.delete(type.storageType(), ns, name);
        after = null;
      }
    } catch (WriteRejectedException e) {
      throw WriteRefusals.rejected(type, name, e);
    } finally {
      lock.unlock();
    }
    if (!options.dryRun()) {
      notify(type, before, after, options.propagationPolicy());
    }
    return after != null ? new Answer(200, after)
        : new Answer(200, Statuses.deleted(type, name, Documents.text(Documents.metadata(before), "uid")));
  }

  /**
   * Removes {@code finalizer} from a Namespace's {@code spec.finalizers}, as the namespace controller
   * does through the Namespace's {@code /finalize} subresource; a Namespace being deleted that nothing
   * else holds is then removed.
   *
   * @throws RejectedRequest 404 when the Namespace does not exist
   */
  Answer finalizeNamespace(String name, String finalizer) {
    return write(Namespaces.TYPE, null, name, before -> {
      List<String> remaining = new ArrayList<>(Namespaces.specFinalizers(before));
      remaining.remove(finalizer);
      Documents.child(before, "spec").put("finalizers", remaining);
      return new Prepared(before, List.of());
    }, null, false);
  }

  /**
   * Deletes the object {@code metadata} names as the controllers do (in the background, on the
   * condition that its uid is unchanged); returns false when it went away meanwhile.
   */
  boolean deleteInBackground(ResourceType type, Map<String, Object> metadata) {
    return deleteAsController(type, metadata, "Background");
  }

  /**
   * Deletes the object {@code metadata} names as the controllers do, with {@code propagation}, on
   * the condition that its uid is unchanged; returns false when it went away meanwhile.
   */
  boolean deleteAsController(ResourceType type, Map<String, Object> metadata, String propagation) {
    try {
      delete(type, Documents.text(metadata, "namespace"), Documents.text(metadata, "name"),
          new DeleteOptions(propagation, Documents.text(metadata, "uid"), null, false));
      return true;
    } catch (RejectedRequest gone) {
      return false;
    }
  }

  /** Returns the stored objects of {@code type}'s storage, as {@code type}'s documents. */
  List<Map<String, Object>> list(ResourceType type) {
    List<Map<String, Object>> documents = new ArrayList<>();
    if (api.isInstalled(type.storageType())) {
      api.snapshot(type.storageType()).values().forEach(o -> documents.add(ObjectJson.toDocument(type.type(), o)));
    }
    return documents;
  }

  /** Returns the stored object of {@code type}, if any (for the controllers). */
  Optional<Map<String, Object>> find(ResourceType type, String namespace, String name) {
    if (!api.isInstalled(type.storageType())) {
      return Optional.empty();
    }
    return api.get(type.storageType(), namespaceOf(type, namespace), name).map(o -> ObjectJson.toDocument(type.type(), o));
  }

  private Map<String, Object> current(ResourceType type, String namespace, String name) {
    return api.get(type.storageType(), namespaceOf(type, namespace), name)
        .map(o -> ObjectJson.toDocument(type.type(), o)).orElseThrow(() -> WriteRefusals.notFound(type, name));
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

  /**
   * Defaults and validates a custom resource by its CRD's schema ({@link SchemaDefaults},
   * {@link SchemaValidation}), then, when the schema holds, by its validation rules
   * ({@link CelValidator}, with {@code before} the stored object on an update, else null), and its
   * replica fields when its CRD declares {@code /scale} ({@link ScaleSubresource#replicaErrors}): 422
   * Invalid with a cause per problem. Built-in kinds are left alone; a type whose validation is
   * skipped ({@link #validates}) is only defaulted. Returns the warnings of rules that ratcheted.
   */
  private List<String> checkSchema(ResourceType type, Map<String, Object> before, Map<String, Object> document) {
    Map<String, Object> schema = types.schema(type);
    if (schema == null || types.isBuiltIn(type)) {
      return List.of();
    }
    SchemaDefaults.apply(document, schema);
    if (!validates(type)) {
      return List.of();
    }
    List<FieldError> errors = new ArrayList<>(SchemaValidation.errors(document, schema));
    Optional<ScaleSubresource> scale = types.scale(type);
    if (scale.isPresent()) {
      errors.addAll(scale.get().replicaErrors(document));
    }
    CelValidator rules = types.validator(type);
    List<String> ratcheted = new ArrayList<>();
    if (errors.isEmpty() && rules != null) {
      errors = rules.validate(document, before, ratcheted);
    }
    if (!errors.isEmpty()) {
      String name = Documents.text(Documents.metadata(document), "name");
      throw new RejectedRequest(Statuses.invalid(type.type(), name == null ? "" : name, errors));
    }
    return ratcheted;
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
    return ObjectJson.fromDocument(EventVersions.stored(type.type(), document), namespaceOf(type, namespace));
  }

  private static boolean isCrd(ResourceType type) {
    return type.storageType().equals(CustomResourceDefinitions.CRD.type());
  }

  private static String namespaceOf(ResourceType type, String namespace) {
    return type.scope() == Scope.CLUSTER || namespace == null ? "" : namespace;
  }
}

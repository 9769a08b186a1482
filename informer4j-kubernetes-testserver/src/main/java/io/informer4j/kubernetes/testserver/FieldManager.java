package io.informer4j.kubernetes.testserver;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Server-side apply and the tracking of {@code metadata.managedFields}, as the API server's field
 * manager does (k8s.io/apimachinery pkg/util/managedfields/internal, over structured-merge-diff's
 * {@code merge.Updater}).
 *
 * <p>{@link #update}: every create, update and patch is an {@code Update} by its manager, who then
 * owns what it added or changed; every other manager loses what the write changed or removed.
 * {@link #apply}: the applied object is merged into the stored one ({@link ValueMerge}); the
 * manager owns exactly what it applied; what it applied last time and applies no more is removed
 * unless another manager owns it; changing a field another manager owns is a conflict
 * ({@link ApplyConflictException}, 409) unless {@code force}, which takes the field from it;
 * applying the value a field already has shares it. Neither can own the fields the write's
 * subresource resets ({@link FieldScope#resetFields}), nor the metadata the server sets (name,
 * namespace, uid, resourceVersion, generation, creationTimestamp, managedFields). At most ten
 * {@code Update} managers are kept: older ones are folded into {@code ancient-changes}.
 *
 * <p>Thread-safe (stateless but for the clock).
 */
final class FieldManager {

  static final int MAX_UPDATE_MANAGERS = 10;
  private static final String ANCIENT_CHANGES = "ancient-changes";
  private static final FieldSet SERVER_METADATA = FieldSet.of(List.of(
      path("apiVersion"), path("kind"), path("metadata"), path("metadata", "name"), path("metadata", "namespace"),
      path("metadata", "creationTimestamp"), path("metadata", "selfLink"), path("metadata", "uid"),
      path("metadata", "clusterName"), path("metadata", "generation"), path("metadata", "managedFields"),
      path("metadata", "resourceVersion")));

  private final Supplier<String> now;

  /** @param now the current time as the server writes it */
  FieldManager(Supplier<String> now) {
    this.now = now;
  }

  /**
   * Returns {@code after} (a copy) with the managed fields of an {@code Update} by {@code manager}
   * from {@code before} (null: a creation). The managed fields the client sent in {@code after} are
   * taken as the start when they are valid and the write is to the main resource ({@code []} or
   * {@code [{}]} clears them), else the stored ones are.
   */
  Map<String, Object> update(FieldScope scope, Map<String, Object> before, Map<String, Object> after, String manager) {
    Map<String, Object> live = before == null ? scope.newObject() : before;
    ManagedFields managed = startingFields(scope, live, after);
    Map<String, Object> updated = withoutManagedFields(after);
    SchemaNode schema = scope.root();
    ValueComparison changes = ValueComparison.of(withoutManagedFields(live), updated, schema)
        .excluding(scope.resetFields(live, updated));
    FieldSet changed = changes.modified().union(changes.added());
    for (ManagedFields.Entry entry : managed.entries()) {
      managed.put(new ManagedFields.Entry(entry.manager(), entry.apiVersion(),
          entry.fields().difference(changed).difference(changes.removed()), entry.time()));
    }
    FieldSet owned = changed.difference(SERVER_METADATA);
    if (!owned.isEmpty()) {
      ManagedFields.Manager self = ManagedFields.Manager.of(manager, ManagedFields.UPDATE, scope.type().apiVersion(),
          scope.subresource());
      FieldSet previous = managed.get(self).map(ManagedFields.Entry::fields).orElse(FieldSet.empty());
      managed.put(new ManagedFields.Entry(self, scope.type().apiVersion(), owned.union(previous), now.get()));
    }
    capUpdateManagers(managed);
    return withManagedFields(updated, managed);
  }

  /**
   * Applies {@code applied} for {@code manager} to {@code stored} (null: the object does not exist
   * yet); returns the object to store, with its managed fields.
   *
   * @throws RejectedRequest          400 when the applied object is of another kind or version or
   *                                  carries managed fields; 500 (as the API server) when the schema
   *                                  cannot type it or the stored managed fields cannot be read
   * @throws ApplyConflictException   when it changes fields other managers own and {@code force} is false
   */
  Map<String, Object> apply(FieldScope scope, Map<String, Object> stored, Map<String, Object> applied, String manager,
                            boolean force) {
    checkKind(scope, applied);
    if (Documents.childOrEmpty(applied, "metadata").get("managedFields") != null) {
      throw new RejectedRequest(Statuses.badRequest("metadata.managedFields must be nil"));
    }
    Map<String, Object> live = withoutManagedFields(stored == null ? scope.newObject() : stored);
    ManagedFields managed;
    try {
      managed = ManagedFields.decode(Documents.childOrEmpty(stored, "metadata").get("managedFields"));
    } catch (IllegalArgumentException e) {
      throw internal("failed to decode managed fields: " + e.getMessage());
    }
    SchemaNode schema = scope.root();
    FieldSet appliedFields;
    Map<String, Object> merged;
    try {
      appliedFields = ValueFields.ofApplied(applied, schema);
      merged = asMap(ValueMerge.merge(live, applied, schema));
    } catch (IllegalArgumentException e) {
      throw internal("failed to create typed patch object (" + describe(applied) + "): " + e.getMessage());
    }
    ManagedFields.Manager self = ManagedFields.Manager.of(manager, ManagedFields.APPLY, scope.type().apiVersion(),
        scope.subresource());
    Optional<ManagedFields.Entry> last = managed.get(self);
    FieldSet reset = scope.resetFields(live, merged);
    managed.put(new ManagedFields.Entry(self, scope.type().apiVersion(), appliedFields.recursiveDifference(reset),
        last.map(ManagedFields.Entry::time).orElse(null)));
    if (last.isPresent()) {
      merged = FieldPruning.prune(merged, managed, last.get().fields(), schema);
    }
    ValueComparison changes = ValueComparison.of(live, merged, schema).excluding(reset);
    takeChangedFields(managed, self, changes, force);
    boolean changedObject = !JsonValues.equal(live, merged);
    managed.get(self).ifPresent(own -> managed.put(new ManagedFields.Entry(self, own.apiVersion(),
        own.fields().difference(SERVER_METADATA), changedObject ? now.get() : own.time())));
    return withManagedFields(merged, managed);
  }

  /** Conflicts (unless forced) and then takes from the other managers what the apply changed or removed. */
  private static void takeChangedFields(ManagedFields managed, ManagedFields.Manager self, ValueComparison changes,
                                        boolean force) {
    FieldSet changed = changes.modified().union(changes.added());
    List<ApplyConflictException.Conflict> conflicts = new ArrayList<>();
    for (ManagedFields.Entry entry : managed.entries()) {
      if (!entry.manager().equals(self)) {
        entry.fields().intersection(changed).paths()
            .forEach(path -> conflicts.add(new ApplyConflictException.Conflict(entry.manager(), path)));
      }
    }
    if (!force && !conflicts.isEmpty()) {
      throw new ApplyConflictException(conflicts);
    }
    for (ManagedFields.Entry entry : managed.entries()) {
      if (!entry.manager().equals(self)) {
        managed.put(new ManagedFields.Entry(entry.manager(), entry.apiVersion(),
            entry.fields().difference(changed).difference(changes.removed()), entry.time()));
      }
    }
  }

  /** The managed fields an update starts from (FieldManager.Update and decodeLiveOrNew of the API server). */
  private static ManagedFields startingFields(FieldScope scope, Map<String, Object> live, Map<String, Object> after) {
    Object sent = Documents.childOrEmpty(after, "metadata").get("managedFields");
    if (!scope.isStatus() && sent instanceof List<?> list
        && (list.isEmpty() || list.size() == 1 && list.get(0) instanceof Map<?, ?> only && only.isEmpty())) {
      return ManagedFields.none();
    }
    if (!scope.isStatus() && sent instanceof List<?> list && !list.isEmpty()) {
      try {
        return ManagedFields.decode(sent);
      } catch (IllegalArgumentException e) {
        // the stored ones, as the API server falls back to them
      }
    }
    try {
      return ManagedFields.decode(Documents.childOrEmpty(live, "metadata").get("managedFields"));
    } catch (IllegalArgumentException e) {
      return ManagedFields.none();
    }
  }

  /** Folds the oldest {@code Update} managers beyond ten into {@code ancient-changes}, per version (capmanagers.go). */
  private void capUpdateManagers(ManagedFields managed) {
    List<ManagedFields.Entry> updaters = new ArrayList<>(managed.entries().stream()
        .filter(entry -> !entry.manager().applies()).toList());
    if (updaters.size() <= MAX_UPDATE_MANAGERS) {
      return;
    }
    updaters.sort(java.util.Comparator.comparing((ManagedFields.Entry entry) -> entry.time() == null ? "" : entry.time())
        .thenComparing(entry -> entry.manager().name()));
    for (int i = 0; i < updaters.size() - MAX_UPDATE_MANAGERS; i++) {
      ManagedFields.Entry old = updaters.get(i);
      ManagedFields.Manager bucket = ManagedFields.Manager.of(ANCIENT_CHANGES, ManagedFields.UPDATE, old.apiVersion(), "");
      FieldSet folded = managed.get(bucket).map(ManagedFields.Entry::fields).orElse(FieldSet.empty()).union(old.fields());
      managed.remove(old.manager());
      managed.put(new ManagedFields.Entry(bucket, old.apiVersion(), folded, old.time()));
    }
  }

  /** The version check of the API server's field manager (versioncheck.go): 400 "invalid object type". */
  private static void checkKind(FieldScope scope, Map<String, Object> applied) {
    String apiVersion = applied.get("apiVersion") instanceof String text ? text : "";
    String kind = applied.get("kind") instanceof String text ? text : "";
    if (!apiVersion.equals(scope.type().apiVersion()) || !kind.equals(scope.type().kind())) {
      throw new RejectedRequest(Statuses.badRequest("invalid object type: " + groupVersionKind(apiVersion, kind)));
    }
  }

  /** Returns a kind as apimachinery's {@code GroupVersionKind.String()} prints it: {@code apps/v1, Kind=Deployment}. */
  static String groupVersionKind(String apiVersion, String kind) {
    String groupVersion = apiVersion.contains("/") ? apiVersion : "/" + apiVersion;
    return groupVersion + ", Kind=" + kind;
  }

  private static String describe(Map<String, Object> applied) {
    Map<String, Object> metadata = Documents.childOrEmpty(applied, "metadata");
    String namespace = Documents.text(metadata, "namespace");
    String name = Documents.text(metadata, "name");
    return (namespace == null ? "" : namespace) + "/" + (name == null ? "" : name) + "; " + groupVersionKind(
        applied.get("apiVersion") instanceof String v ? v : "", applied.get("kind") instanceof String k ? k : "");
  }

  private static RejectedRequest internal(String message) {
    // an error the API server does not turn into a Status: 500 with no reason (responsewriters.ErrorToAPIStatus)
    return new RejectedRequest(new Statuses.Failure(500, Statuses.status(500, null, message, null), null));
  }

  private static Map<String, Object> withoutManagedFields(Map<String, Object> document) {
    Map<String, Object> copy = Documents.copy(document);
    if (copy.get("metadata") instanceof Map<?, ?>) {
      Documents.metadata(copy).remove("managedFields");
    }
    return copy;
  }

  private static Map<String, Object> withManagedFields(Map<String, Object> document, ManagedFields managed) {
    List<Object> encoded = managed.encode();
    Map<String, Object> metadata = Documents.metadata(document);
    if (encoded == null) {
      metadata.remove("managedFields");
    } else {
      metadata.put("managedFields", encoded);
    }
    return document;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> asMap(Object value) {
    return (Map<String, Object>) value;
  }

  private static List<PathElement> path(String... names) {
    List<PathElement> path = new ArrayList<>();
    for (String name : names) {
      path.add(new PathElement.Field(name));
    }
    return path;
  }
}

package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.Scope;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the API server does to an object a client writes, before it is stored: the metadata it sets
 * and keeps, the status it keeps, the generation it bumps and the checks it makes. Each rule names
 * its source in the Kubernetes code (k8s.io/apiserver's {@code rest.BeforeCreate}/{@code BeforeUpdate}
 * in pkg/registry/rest, the types' registry strategies). Documents in and out are the API's JSON, as
 * mutable maps; the inputs are not changed. Thread-safe.
 */
final class ObjectRules {

  private static final String IMMUTABLE = "field is immutable when `immutable` is set";

  private final Clock clock;

  /** Rules with {@code clock} for timestamps. */
  ObjectRules(Clock clock) {
    this.clock = clock;
  }

  /** Returns the current time as the API server writes timestamps (RFC 3339, whole seconds, UTC). */
  String now() {
    return Instant.now(clock).truncatedTo(ChronoUnit.SECONDS).toString();
  }

  /**
   * Prepares a created object: the namespace of the URL wins (an other one in the body is 400
   * BadRequest, rest.EnsureObjectNamespaceMatchesRequestNamespace), a {@code resourceVersion} is 400
   * ("resourceVersion should not be set on objects to be created", the generic store's Create), a
   * name is required unless {@code generateName} is given and must be valid for the kind, as must
   * the labels and annotations ({@link Names}, {@link MetadataValidation}: 422 Invalid), the
   * server sets {@code creationTimestamp} and, for the kinds that have one, {@code generation} 1
   * (the registry strategies' PrepareForCreate) and clears the deletion fields, and a type with a status subresource drops the
   * status (customResourceStrategy.PrepareForCreate; the built-in strategies reset it likewise).
   * The name is the {@code generateName} prefix alone when one must be generated.
   *
   * @throws RejectedRequest with the API server's answer when the object is refused
   */
  Map<String, Object> prepareCreate(ResourceType type, String pathNamespace, Map<String, Object> body) {
    Map<String, Object> document = Documents.copy(body);
    Map<String, Object> metadata = Documents.metadata(document);
    placeInNamespace(type, pathNamespace, metadata);
    if (metadata.get("resourceVersion") instanceof String rv && !rv.isEmpty()) {
      throw new RejectedRequest(Statuses.badRequest("resourceVersion should not be set on objects to be created"));
    }
    String name = Documents.text(metadata, "name");
    if ((name == null || name.isEmpty()) && (Documents.text(metadata, "generateName") == null
        || Documents.text(metadata, "generateName").isEmpty())) {
      throw new RejectedRequest(Statuses.invalid(type.type(), "",
          List.of(FieldError.required("metadata.name", "name or generateName is required"))));
    }
    List<FieldError> errors = new ArrayList<>();
    if (name != null && !name.isEmpty()) {
      errors.addAll(Names.check(type, name));
    }
    errors.addAll(MetadataValidation.errors(metadata));
    if (!errors.isEmpty()) {
      throw new RejectedRequest(Statuses.invalid(type.type(), name == null ? "" : name, errors));
    }
    metadata.remove("uid");
    metadata.remove("deletionTimestamp");
    metadata.remove("deletionGracePeriodSeconds");
    metadata.put("creationTimestamp", now());
    if (type.generation() == ResourceType.GenerationRule.NONE) {
      metadata.remove("generation");
    } else {
      metadata.put("generation", 1);
    }
    if (type.statusSubresource()) {
      document.remove("status");
    }
    if (Namespaces.is(type)) {
      Namespaces.prepareCreate(document);
    }
    return document;
  }

  /**
   * Prepares an update of the main resource, from {@code old} (as stored) and the client's
   * {@code body}: the URL's name and namespace must match (400), and as rest.BeforeUpdate does, the
   * uid (when not given), {@code creationTimestamp}, {@code deletionTimestamp},
   * {@code deletionGracePeriodSeconds} and {@code generation} are kept from the stored object; a
   * status subresource keeps the stored status (PrepareForUpdate); the generation is bumped by the
   * type's {@link ResourceType.GenerationRule}; no finalizer may be added once the object is being
   * deleted (ValidateObjectMetaUpdate, 422); an {@code immutable} ConfigMap or Secret keeps its data
   * (ValidateConfigMapUpdate, ValidateSecretUpdate in kubernetes/pkg/apis/core/validation, 422).
   *
   * @throws RejectedRequest with the API server's answer when the update is refused
   */
  Map<String, Object> prepareUpdate(ResourceType type, String pathNamespace, String pathName,
                                    Map<String, Object> old, Map<String, Object> body) {
    Map<String, Object> document = Documents.copy(body);
    Map<String, Object> metadata = Documents.metadata(document);
    Map<String, Object> oldMetadata = Documents.childOrEmpty(old, "metadata");
    placeInNamespace(type, pathNamespace, metadata);
    String name = Documents.text(metadata, "name");
    if (!pathName.equals(name)) {
      throw new RejectedRequest(Statuses.badRequest("the name of the object (" + name
          + ") does not match the name on the URL (" + pathName + ")"));
    }
    if (Documents.text(metadata, "uid") == null || Documents.text(metadata, "uid").isEmpty()) {
      metadata.put("uid", oldMetadata.get("uid"));
    }
    for (String kept : List.of("creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds", "generation")) {
      if (oldMetadata.containsKey(kept)) {
        metadata.put(kept, oldMetadata.get(kept));
      } else {
        metadata.remove(kept);
      }
    }
    if (type.statusSubresource()) {
      if (old.containsKey("status")) {
        document.put("status", Documents.copy(old.get("status")));
      } else {
        document.remove("status");
      }
    }
    if (Namespaces.is(type)) {
      Namespaces.prepareUpdate(old, document);
      Namespaces.label(document);
    }
    List<FieldError> metadataErrors = MetadataValidation.errors(metadata);
    if (!metadataErrors.isEmpty()) {
      throw new RejectedRequest(Statuses.invalid(type.type(), name, metadataErrors));
    }
    checkFinalizers(type, old, document);
    checkImmutable(type, old, document);
    if (generationChanged(type, old, document) && metadata.get("generation") instanceof Number generation) {
      metadata.put("generation", generation.longValue() + 1);
    }
    return document;
  }

  /**
   * Refuses a replacement without {@code metadata.resourceVersion} of a type that does not allow
   * unconditional updates (custom resources: the generic store's Update with
   * customResourceStrategy.AllowUnconditionalUpdate false): 422
   * {@code metadata.resourceVersion: Invalid value: 0x0: must be specified for an update}.
   */
  static void requireResourceVersion(ResourceType type, String name, Map<String, Object> body) {
    String resourceVersion = Documents.text(Documents.childOrEmpty(body, "metadata"), "resourceVersion");
    if (resourceVersion == null || resourceVersion.isEmpty()) {
      throw new RejectedRequest(Statuses.invalid(type.type(), name, List.of(new FieldError("FieldValueInvalid",
          "metadata.resourceVersion", null, "0x0: must be specified for an update"))));
    }
  }

  /**
   * Prepares a write of the {@code /status} subresource: the stored object with the body's status and
   * nothing else of it (the status strategies' PrepareForUpdate, as customresource statusStrategy:
   * "update is only allowed to set status"); the URL's name must match the body's (400).
   */
  Map<String, Object> prepareStatusUpdate(ResourceType type, String pathNamespace, String pathName,
                                          Map<String, Object> old, Map<String, Object> body) {
    Map<String, Object> bodyMetadata = Documents.metadata(Documents.copy(body));
    placeInNamespace(type, pathNamespace, bodyMetadata);
    if (!pathName.equals(bodyMetadata.get("name"))) {
      throw new RejectedRequest(Statuses.badRequest("the name of the object (" + bodyMetadata.get("name")
          + ") does not match the name on the URL (" + pathName + ")"));
    }
    Map<String, Object> document = Documents.copy(old);
    if (body.containsKey("status")) {
      document.put("status", Documents.copy(body.get("status")));
    } else {
      document.remove("status");
    }
    if (bodyMetadata.get("resourceVersion") != null) {
      Documents.metadata(document).put("resourceVersion", bodyMetadata.get("resourceVersion"));
    }
    return document;
  }

  /** Returns the document with {@code deletionTimestamp} now and a grace period of 0 (graceful deletion). */
  Map<String, Object> markDeleted(Map<String, Object> stored) {
    Map<String, Object> document = Documents.copy(stored);
    Map<String, Object> metadata = Documents.metadata(document);
    metadata.put("deletionTimestamp", now());
    metadata.put("deletionGracePeriodSeconds", 0);
    return document;
  }

  /** Returns true when the object is being deleted (it has a {@code deletionTimestamp}). */
  static boolean isDeleting(Map<String, Object> document) {
    return Documents.childOrEmpty(document, "metadata").get("deletionTimestamp") != null;
  }

  /**
   * Returns true when something holds the object's deletion: a finalizer, or for a Namespace a
   * finalizer in {@code spec.finalizers} too.
   */
  static boolean holdsDeletion(ResourceType type, Map<String, Object> document) {
    return !finalizers(document).isEmpty() || Namespaces.is(type) && !Namespaces.specFinalizers(document).isEmpty();
  }

  /** Returns the object's finalizers. */
  static List<String> finalizers(Map<String, Object> document) {
    return Documents.strings(Documents.childOrEmpty(document, "metadata"), "finalizers");
  }

  private static void placeInNamespace(ResourceType type, String pathNamespace, Map<String, Object> metadata) {
    if (type.scope() == Scope.CLUSTER) {
      metadata.remove("namespace");
      return;
    }
    String given = Documents.text(metadata, "namespace");
    if (given == null || given.isEmpty()) {
      metadata.put("namespace", pathNamespace);
    } else if (pathNamespace != null && !given.equals(pathNamespace)) {
      throw new RejectedRequest(Statuses.badRequest(
          "the namespace of the provided object does not match the namespace sent on the request"));
    }
  }

  private static void checkFinalizers(ResourceType type, Map<String, Object> old, Map<String, Object> document) {
    if (!isDeleting(old)) {
      return;
    }
    List<String> added = new ArrayList<>(finalizers(document));
    added.removeAll(finalizers(old));
    if (!added.isEmpty()) {
      String found = "[]string{" + String.join(", ", added.stream().map(f -> "\"" + f + "\"").toList()) + "}";
      throw new RejectedRequest(Statuses.invalid(type.type(), Documents.text(Documents.metadata(document), "name"),
          List.of(FieldError.forbidden("metadata.finalizers",
              "no new finalizers can be added if the object is being deleted, found new finalizers " + found))));
    }
  }

  private static void checkImmutable(ResourceType type, Map<String, Object> old, Map<String, Object> document) {
    boolean configMap = "configmaps".equals(type.plural());
    if (!type.type().group().isEmpty() || !(configMap || "secrets".equals(type.plural()))
        || !Boolean.TRUE.equals(old.get("immutable"))) {
      return;
    }
    List<FieldError> errors = new ArrayList<>();
    if (!Boolean.TRUE.equals(document.get("immutable"))) {
      errors.add(FieldError.forbidden("immutable", IMMUTABLE));
    }
    for (String field : configMap ? List.of("data", "binaryData") : List.of("data")) {
      if (!Objects.equals(emptyAsNull(old.get(field)), emptyAsNull(document.get(field)))) {
        errors.add(FieldError.forbidden(field, IMMUTABLE));
      }
    }
    if (!errors.isEmpty()) {
      throw new RejectedRequest(Statuses.invalid(type.type(), Documents.text(Documents.metadata(document), "name"), errors));
    }
  }

  private static Object emptyAsNull(Object value) {
    return value instanceof Map<?, ?> map && map.isEmpty() ? null : value;
  }

  /** Returns true when the change from {@code old} to {@code document} bumps the generation. */
  private static boolean generationChanged(ResourceType type, Map<String, Object> old, Map<String, Object> document) {
    if (type.generation() == ResourceType.GenerationRule.SPEC) {
      return !JsonValues.equal(old.get("spec"), document.get("spec"));
    }
    return !JsonValues.equal(generational(type, old), generational(type, document));
  }

  private static Map<String, Object> generational(ResourceType type, Map<String, Object> document) {
    Map<String, Object> content = new LinkedHashMap<>(document);
    content.remove("metadata");
    content.remove("apiVersion");
    content.remove("kind");
    if (type.statusSubresource()) {
      content.remove("status");
    }
    return content;
  }
}

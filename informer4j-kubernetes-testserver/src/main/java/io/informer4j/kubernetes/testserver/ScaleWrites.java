package io.informer4j.kubernetes.testserver;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Requests on the {@code /scale} subresource ({@link ScaleSubresource}): a get answers the parent's
 * {@code autoscaling/v1} Scale; an update or a patch is applied to that Scale and writes its
 * {@code spec.replicas} into the parent, nothing else, as an update of the parent (so its
 * generation, validation, managed fields and watch event are those of any update of it), and
 * answers the Scale of the result. A {@code resourceVersion} in the Scale is a precondition on the
 * parent (409 when stale); a uid that is not the parent's is 409. The rules are the API server's:
 * the workloads' ScaleREST (kubernetes/pkg/registry/apps/deployment/storage/storage.go:
 * scaleUpdatedObjectInfo, and ValidateScale in pkg/apis/autoscaling/validation: 422 for negative
 * replicas) and the custom resources' (k8s.io/apiextensions-apiserver
 * pkg/registry/customresource/etcd.go: 500 on a get when the spec replicas field does not exist,
 * 400 on an update that leaves it empty). Thread-safe.
 */
final class ScaleWrites {

  /** The replicas of a Scale whose parent has no desired replicas (scaleUpdatedObjectInfo's invalidSpecReplicas). */
  private static final long UNSET = Integer.MIN_VALUE;

  private final ObjectWrites writes;

  ScaleWrites(ObjectWrites writes) {
    this.writes = writes;
  }

  /**
   * Returns the Scale of the object.
   *
   * @throws RejectedRequest 404 when it does not exist, 500 when a custom resource has no desired
   *                         replicas or a replica field holds another type
   */
  ObjectWrites.Answer get(ResourceType type, ScaleSubresource scale, String namespace, String name) {
    @SuppressWarnings("unchecked")
    Map<String, Object> parent = (Map<String, Object>) writes.get(type, namespace, name).document();
    if (isCustom(scale) && !scale.hasSpecReplicas(parent)) {
      throw internal("the spec replicas field \"" + scale.specReplicasPath() + "\" does not exist");
    }
    return new ObjectWrites.Answer(200, scaleOf(scale, parent));
  }

  /**
   * Changes the Scale of the object by {@code change} (a replacement or a patch of the current
   * Scale) and writes its replicas into the object.
   *
   * @throws RejectedRequest 404 when it does not exist, 409 on a stale resourceVersion or another
   *                         uid, 422 for negative replicas, 400 when a custom resource's replicas
   *                         stay unset, or what the update of the object is refused with
   */
  ObjectWrites.Answer update(ResourceType type, ScaleSubresource scale, String namespace, String name,
                             UnaryOperator<Map<String, Object>> change, ObjectWrites.WriteOptions options) {
    ObjectWrites.Answer answer = writes.replace(type, namespace, name, parent -> {
      Map<String, Object> current = scaleOf(scale, parent);
      if (!scale.hasSpecReplicas(parent)) {
        current.put("spec", Map.of("replicas", UNSET));
      }
      Map<String, Object> next = change.apply(current);
      Map<String, Object> metadata = Documents.childOrEmpty(next, "metadata");
      String uid = Documents.text(metadata, "uid");
      String parentUid = Documents.text(Documents.metadata(parent), "uid");
      if (uid != null && !uid.isEmpty() && !uid.equals(parentUid)) {
        throw WriteRefusals.conflict(type, name, "Precondition failed: UID in precondition: " + uid
            + ", UID in object meta: " + parentUid);
      }
      long replicas = Documents.childOrEmpty(next, "spec").get("replicas") instanceof Number number ? number.longValue() : 0;
      if (replicas == UNSET && isCustom(scale)) {
        throw new RejectedRequest(Statuses.badRequest("the spec replicas field \"" + scale.specReplicasPath()
            + "\" cannot be empty"));
      }
      if (replicas < 0 && !isCustom(scale)) {
        throw new RejectedRequest(Statuses.invalid(ScaleSubresource.SCALE, name, List.of(FieldError.invalid(
            "spec.replicas", null, replicas + ": must be greater than or equal to 0"))));
      }
      Map<String, Object> updated = scale.withReplicas(parent, replicas);
      String resourceVersion = Documents.text(metadata, "resourceVersion");
      if (resourceVersion != null && !resourceVersion.isEmpty()) {
        Documents.metadata(updated).put("resourceVersion", resourceVersion);
      }
      return updated;
    }, false, options);
    @SuppressWarnings("unchecked")
    Map<String, Object> written = (Map<String, Object>) answer.document();
    return new ObjectWrites.Answer(answer.code(), scaleOf(scale, written), answer.warnings());
  }

  private static Map<String, Object> scaleOf(ScaleSubresource scale, Map<String, Object> parent) {
    try {
      return scale.scaleOf(parent);
    } catch (IllegalArgumentException unreadable) {
      throw internal(unreadable.getMessage());
    }
  }

  private static boolean isCustom(ScaleSubresource scale) {
    return scale.selectorForm() == ScaleSubresource.SelectorForm.TEXT;
  }

  private static RejectedRequest internal(String message) {
    return new RejectedRequest(new Statuses.Failure(500, Statuses.status(500, "InternalError",
        "Internal error occurred: " + message, Map.of("causes", List.of(Map.of("message", message)))), null));
  }
}

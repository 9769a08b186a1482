package io.informer4j.kubernetes.operator;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.PartialObjectMetadata;
import io.informer4j.controller.KeyMapper;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Owner references between a primary object and the children it creates, as controller-runtime's
 * {@code controllerutil.SetControllerReference} and {@code handler.EnqueueRequestForOwner} give them:
 * the API server's garbage collector deletes the children with their owner, and a change of a child
 * reconciles its owner. Stateless and thread-safe.
 */
public final class Owners {

  private Owners() {
  }

  /**
   * Makes {@code owner} the controller of {@code child}: sets (or replaces) the child's owner
   * reference to it with {@code controller: true} and {@code blockOwnerDeletion: true}, keeping its
   * other owner references. Changes {@code child} only; write it to take effect. Idempotent.
   *
   * @return {@code child}
   * @throws InvalidOwnerException  if the owner has no name, uid, apiVersion or kind (it was not read
   *                                from the server), is in another namespace than the child, or is
   *                                namespaced while the child has no namespace (a cluster-scoped
   *                                child, or a namespaced one whose namespace is not set yet)
   * @throws AlreadyOwnedException  if the child has another controller
   */
  public static <C extends HasMetadata> C setControllerReference(HasMetadata owner, C child) {
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(child, "child");
    ObjectMeta ownerMeta = owner.getMetadata();
    if (ownerMeta == null || isEmpty(ownerMeta.getName()) || isEmpty(ownerMeta.getUid()) || isEmpty(owner.getApiVersion())
        || isEmpty(owner.getKind())) {
      throw new InvalidOwnerException("owner " + owner.getKind() + " " + (ownerMeta == null ? null : ownerMeta.getName())
          + " needs a name, uid, apiVersion and kind (use the object the server returned) to own "
          + Identity.describe(child));
    }
    checkNamespaces(owner, child);
    OwnerReference reference = new OwnerReferenceBuilder().withApiVersion(owner.getApiVersion())
        .withKind(owner.getKind()).withName(ownerMeta.getName()).withUid(ownerMeta.getUid()).withController(true)
        .withBlockOwnerDeletion(true).build();
    if (child.getMetadata() == null) {
      child.setMetadata(new ObjectMeta());
    }
    List<OwnerReference> references = child.getMetadata().getOwnerReferences() == null ? new ArrayList<>()
        : new ArrayList<>(child.getMetadata().getOwnerReferences());
    for (OwnerReference existing : references) {
      if (Boolean.TRUE.equals(existing.getController()) && !sameOwner(existing, reference)) {
        throw new AlreadyOwnedException(Identity.describe(child) + " is already controlled by " + existing.getKind()
            + " " + existing.getName() + " (" + existing.getApiVersion() + "); it cannot also be controlled by "
            + owner.getKind() + " " + ownerMeta.getName());
      }
    }
    references.removeIf(existing -> sameOwner(existing, reference));
    references.add(reference);
    child.getMetadata().setOwnerReferences(references);
    return child;
  }

  /**
   * Returns the controller owner reference of {@code child} to an object of {@code ownerType}'s
   * group and kind (any version: the versions of a group serve the same objects), or null.
   */
  static OwnerReference controllerOf(HasMetadata child, TypeKey ownerType) {
    ObjectMeta metadata = child.getMetadata();
    if (metadata == null || metadata.getOwnerReferences() == null) {
      return null;
    }
    for (OwnerReference reference : metadata.getOwnerReferences()) {
      if (Boolean.TRUE.equals(reference.getController()) && ownerType.kind().equals(reference.getKind())
          && ownerType.group().equals(groupOf(reference))) {
        return reference;
      }
    }
    return null;
  }

  /**
   * Returns a mapping for {@code ControllerBuilder.watches(childType, mapper)}: a changed child is
   * mapped to the key of its controller owner when that owner reference's group and kind are
   * {@code ownerType}'s (controller-runtime's {@code EnqueueRequestForOwner} with
   * {@code OnlyControllerOwner}); children without such a controller map to nothing. The owner's
   * scope comes from its fabric8 model class ({@link Namespaced} or not).
   *
   * @throws IllegalArgumentException if {@code ownerType} is dynamic or metadata-only, whose scope
   *                                  the class does not tell; use {@link #forOwner(ObjectType, Scope)}
   */
  public static <C extends HasMetadata> KeyMapper<C> forOwner(ObjectType<?> ownerType) {
    Class<?> javaClass = ownerType.javaClass();
    if (javaClass == GenericKubernetesResource.class || javaClass == PartialObjectMetadata.class
        || !HasMetadata.class.isAssignableFrom(javaClass)) {
      throw new IllegalArgumentException("the scope of " + ownerType + " is not known from its class; "
          + "use forOwner(ownerType, scope)");
    }
    return forOwner(ownerType, Namespaced.class.isAssignableFrom(javaClass) ? Scope.NAMESPACED : Scope.CLUSTER);
  }

  /**
   * Returns the mapping of {@link #forOwner(ObjectType)} for an owner type of the given scope. A
   * namespaced owner is looked up in its child's namespace (owner references never cross
   * namespaces), a cluster-scoped one by name alone. Thread-safe and allocation-light.
   */
  public static <C extends HasMetadata> KeyMapper<C> forOwner(ObjectType<?> ownerType, Scope ownerScope) {
    TypeKey owner = Objects.requireNonNull(ownerType, "ownerType").key();
    Objects.requireNonNull(ownerScope, "ownerScope");
    return child -> {
      OwnerReference reference = controllerOf(child, owner);
      if (reference == null || isEmpty(reference.getName())) {
        return List.of();
      }
      if (ownerScope == Scope.CLUSTER) {
        return List.of(ObjectKey.clusterScoped(reference.getName()));
      }
      String namespace = child.getMetadata().getNamespace();
      return isEmpty(namespace) ? List.of() : List.of(ObjectKey.of(namespace, reference.getName()));
    };
  }

  private static void checkNamespaces(HasMetadata owner, HasMetadata child) {
    String ownerNamespace = owner.getMetadata().getNamespace();
    if (isEmpty(ownerNamespace)) {
      return;
    }
    String childNamespace = child.getMetadata() == null ? null : child.getMetadata().getNamespace();
    if (isEmpty(childNamespace)) {
      throw new InvalidOwnerException(child instanceof Namespaced
          ? Identity.describe(child) + " has no namespace yet; set it to its owner's (" + ownerNamespace + ") before "
          + "setting the owner " + Identity.describe(owner)
          : "cluster-scoped " + Identity.describe(child) + " cannot have the namespaced owner " + Identity.describe(owner));
    }
    if (!ownerNamespace.equals(childNamespace)) {
      throw new InvalidOwnerException("owner references cannot cross namespaces: owner " + Identity.describe(owner)
          + " is in namespace " + ownerNamespace + ", " + Identity.describe(child) + " in " + childNamespace);
    }
  }

  private static boolean sameOwner(OwnerReference a, OwnerReference b) {
    return Objects.equals(a.getKind(), b.getKind()) && Objects.equals(a.getName(), b.getName())
        && Objects.equals(groupOf(a), groupOf(b));
  }

  /** Returns the group of the reference's apiVersion ({@code ""} for the core group), or null when it has none. */
  private static String groupOf(OwnerReference reference) {
    String apiVersion = reference.getApiVersion();
    if (apiVersion == null) {
      return null;
    }
    int slash = apiVersion.indexOf('/');
    return slash < 0 ? "" : apiVersion.substring(0, slash);
  }

  private static boolean isEmpty(String text) {
    return text == null || text.isEmpty();
  }
}

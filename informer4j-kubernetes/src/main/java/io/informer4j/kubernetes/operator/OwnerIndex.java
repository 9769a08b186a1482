package io.informer4j.kubernetes.operator;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.ObjectType;
import io.informer4j.reader.CacheReader;
import io.informer4j.reader.InformersMap;
import io.informer4j.reader.ListOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A field index of a child type over the uids its owner references name, so "the children of X" is
 * an indexed read of the cache instead of a scan: {@link #register} once per child type (before or
 * after the cache starts), then {@link #childrenOf} in a reconcile. Every owner reference counts,
 * controller or not; the uid tells a re-created owner from the one it replaced. Stateless and
 * thread-safe.
 *
 * <pre>{@code
 * OwnerIndex.register(manager.cache(), configMaps);
 * CacheReader<ConfigMap> children = manager.cache().reader(configMaps);
 * List<ConfigMap> mine = OwnerIndex.childrenOf(children, deployment);
 * }</pre>
 */
public final class OwnerIndex {

  /** The indexed field, usable in a field selector of the child type's reader. */
  public static final String FIELD = "metadata.ownerReferences.uid";

  private OwnerIndex() {
  }

  /**
   * Adds the owner index to the informers of {@code childType} in {@code cache}.
   *
   * @throws IllegalArgumentException if the type already has an index of {@link #FIELD}
   */
  public static <C extends HasMetadata> void register(InformersMap cache, ObjectType<C> childType) {
    cache.indexField(childType, FIELD, OwnerIndex::ownerUids);
  }

  /**
   * Returns the cached children of {@code owner} (objects with an owner reference to its uid), in
   * the owner's namespace for a namespaced owner, in every cached namespace for a cluster-scoped
   * one; ordered by namespace and name, copies as the reader gives them.
   *
   * @throws IllegalArgumentException if the owner has no uid (it was not read from the server)
   * @throws io.informer4j.reader.MissingIndexException if the child type has no owner index
   * @throws io.informer4j.reader.CacheException        what the reader throws
   */
  public static <C extends HasMetadata> List<C> childrenOf(CacheReader<C> children, HasMetadata owner) {
    Objects.requireNonNull(children, "children");
    String uid = owner.getMetadata() == null ? null : owner.getMetadata().getUid();
    if (uid == null || uid.isEmpty()) {
      throw new IllegalArgumentException(Identity.describe(owner) + " has no uid; read it from the server first");
    }
    String namespace = owner.getMetadata().getNamespace();
    ListOptions options = namespace == null || namespace.isEmpty() ? ListOptions.all() : ListOptions.inNamespace(namespace);
    return children.list(options.withFields(FieldSelector.equal(FIELD, uid))).items();
  }

  private static List<String> ownerUids(HasMetadata child) {
    if (child.getMetadata() == null || child.getMetadata().getOwnerReferences() == null) {
      return List.of();
    }
    List<String> uids = new ArrayList<>(child.getMetadata().getOwnerReferences().size());
    for (OwnerReference reference : child.getMetadata().getOwnerReferences()) {
      if (reference.getUid() != null && !reference.getUid().isEmpty()) {
        uids.add(reference.getUid());
      }
    }
    return uids;
  }
}

package io.informer4j.kubernetes.operator;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import io.informer4j.reader.CacheReader;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The children a reconcile declares for an owner, made so with server-side apply: a reconcile
 * passes the children it wants ({@link #reconcile}); each gets the owner as its controller
 * ({@link Owners#setControllerReference}) and is applied through {@link OperatorWrites#apply} (the
 * writes' field manager, forcing conflicts: the controller takes back fields others changed); the
 * owned children of the owned types that are no longer wanted are deleted. A child is not written
 * when the intent applied last (the desired object, owner reference included) is the same and the
 * cache still holds the version that apply returned: nothing changed on either side. Every child's
 * outcome is reported ({@link ChildOutcome}).
 *
 * <p>The owned types' caches must carry the owner index ({@link OwnerIndex#register}); the owner
 * must have been read from the server (it needs its uid). The intents applied last are kept in
 * memory per owner, child type and key, dropped when the child is deleted or {@link #forget} is
 * called for the owner; a restart applies every child once again, which changes nothing.
 *
 * <p>Thread-safe: reconciles of different owners may run at once (the controller never runs one
 * owner twice at a time). Each call blocks for the writes it makes.
 */
public final class DesiredChildren {

  /** The last apply of a child: what was applied (a digest) and the version the server answered. */
  private record Applied(String intent, String resourceVersion) {
  }

  private record Child(String ownerUid, TypeKey type, ObjectKey key) {
  }

  private final OperatorWrites writes;
  private final Map<Class<?>, CacheReader<? extends HasMetadata>> caches;
  private final ConcurrentMap<Child, Applied> applied = new ConcurrentHashMap<>();
  private final LongAdder applies = new LongAdder();
  private final LongAdder skips = new LongAdder();
  private final LongAdder deletes = new LongAdder();

  private DesiredChildren(OperatorWrites writes, Map<Class<?>, CacheReader<? extends HasMetadata>> caches) {
    this.writes = writes;
    this.caches = Map.copyOf(caches);
  }

  /** Starts configuring children applied through {@code writes} (which need a field manager). */
  public static Builder builder(OperatorWrites writes) {
    return new Builder(writes);
  }

  /**
   * Makes {@code owner}'s children what {@code desired} says: applies each desired child (a copy
   * with the owner as controller, in the owner's namespace unless it names one) unless it is
   * unchanged since its last apply, and deletes the children of the owned types that {@code owner}
   * controls and {@code desired} lacks. Returns what happened to each, desired ones first.
   *
   * @throws IllegalArgumentException if a desired child is of a type not owned, has no name, or two
   *                                  have the same type and key; or the owner has no uid
   * @throws ApiWriteException        what a write is refused with (the children before it are done)
   */
  public List<ChildOutcome> reconcile(HasMetadata owner, List<? extends HasMetadata> desired) {
    String ownerUid = uidOf(owner);
    List<ChildOutcome> outcomes = new ArrayList<>();
    Set<Child> wanted = new HashSet<>();
    for (HasMetadata child : desired) {
      HasMetadata owned = Owners.setControllerReference(owner, inOwnersNamespace(owner, writes.copy(child)));
      Child id = new Child(ownerUid, Identity.typeOf(owned), Identity.keyOf(owned));
      if (!wanted.add(id)) {
        throw new IllegalArgumentException("two desired children are " + id.type() + " " + id.key());
      }
      outcomes.add(applyChild(id, owned, cache(owned.getClass())));
    }
    for (CacheReader<? extends HasMetadata> cache : caches.values()) {
      for (HasMetadata child : OwnerIndex.childrenOf(cache, owner)) {
        Child id = new Child(ownerUid, Identity.typeOf(child), Identity.keyOf(child));
        if (!wanted.contains(id) && controlledBy(child, ownerUid)) {
          writes.delete(child);
          applied.remove(id);
          deletes.increment();
          outcomes.add(new ChildOutcome(id.type(), id.key(), ChildOutcome.Action.DELETED, child));
        }
      }
    }
    return outcomes;
  }

  /** Forgets what was applied for {@code owner}'s children (call it when the owner is gone). */
  public void forget(HasMetadata owner) {
    String uid = owner.getMetadata() == null ? null : owner.getMetadata().getUid();
    applied.keySet().removeIf(child -> child.ownerUid().equals(uid));
  }

  /** Returns how many children were applied (requests sent). */
  public long applied() {
    return applies.sum();
  }

  /** Returns how many children were not written because nothing had changed. */
  public long skipped() {
    return skips.sum();
  }

  /** Returns how many children were deleted as no longer desired. */
  public long deleted() {
    return deletes.sum();
  }

  private ChildOutcome applyChild(Child id, HasMetadata child, CacheReader<? extends HasMetadata> cache) {
    String intent = digest(writes.serialization().asJson(child));
    Optional<? extends HasMetadata> cached = cache.find(id.key());
    Applied last = applied.get(id);
    if (last != null && last.intent().equals(intent) && cached.isPresent()
        && last.resourceVersion().equals(Identity.resourceVersionOf(cached.get()))) {
      skips.increment();
      return new ChildOutcome(id.type(), id.key(), ChildOutcome.Action.SKIPPED, cached.get());
    }
    HasMetadata answer = writes.apply(child);
    applies.increment();
    String version = Identity.resourceVersionOf(answer);
    applied.put(id, new Applied(intent, version));
    ChildOutcome.Action action = cached.isEmpty() ? ChildOutcome.Action.CREATED
        : version.equals(Identity.resourceVersionOf(cached.get())) ? ChildOutcome.Action.UNCHANGED
        : ChildOutcome.Action.CHANGED;
    return new ChildOutcome(id.type(), id.key(), action, answer);
  }

  private CacheReader<? extends HasMetadata> cache(Class<?> childClass) {
    CacheReader<? extends HasMetadata> cache = caches.get(childClass);
    if (cache == null) {
      throw new IllegalArgumentException("a desired child is a " + childClass.getName() + ", which these children do "
          + "not own: add it with DesiredChildren.builder(writes).owns(" + childClass.getSimpleName() + ".class, cache)");
    }
    return cache;
  }

  private static <C extends HasMetadata> C inOwnersNamespace(HasMetadata owner, C child) {
    String namespace = child.getMetadata() == null ? null : child.getMetadata().getNamespace();
    if ((namespace == null || namespace.isEmpty()) && owner.getMetadata().getNamespace() != null) {
      child.getMetadata().setNamespace(owner.getMetadata().getNamespace());
    }
    return child;
  }

  private static boolean controlledBy(HasMetadata child, String ownerUid) {
    List<OwnerReference> references = child.getMetadata().getOwnerReferences();
    return references != null && references.stream()
        .anyMatch(r -> Boolean.TRUE.equals(r.getController()) && ownerUid.equals(r.getUid()));
  }

  private static String uidOf(HasMetadata owner) {
    String uid = owner.getMetadata() == null ? null : owner.getMetadata().getUid();
    if (uid == null || uid.isEmpty()) {
      throw new IllegalArgumentException(Identity.describe(owner) + " has no uid; read it from the server first");
    }
    return uid;
  }

  private static String digest(String json) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(json.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing", e);
    }
  }

  /** Configures {@link DesiredChildren}. Not thread-safe. */
  public static final class Builder {

    private final OperatorWrites writes;
    private final Map<Class<?>, CacheReader<? extends HasMetadata>> caches = new LinkedHashMap<>();

    private Builder(OperatorWrites writes) {
      this.writes = Objects.requireNonNull(writes, "writes");
    }

    /**
     * Owns children of {@code type}, read from {@code cache} (which must carry the owner index):
     * desired children of the type are compared with it, and the owner's children in it that are
     * not desired are deleted.
     */
    public <C extends HasMetadata> Builder owns(Class<C> type, CacheReader<C> cache) {
      caches.put(Objects.requireNonNull(type, "type"), Objects.requireNonNull(cache, "cache"));
      return this;
    }

    /** Returns the children. */
    public DesiredChildren build() {
      return new DesiredChildren(writes, caches);
    }
  }
}

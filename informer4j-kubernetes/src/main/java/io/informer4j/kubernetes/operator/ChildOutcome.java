package io.informer4j.kubernetes.operator;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;

/**
 * What {@link DesiredChildren#reconcile} did to one child.
 *
 * @param type   the child's type
 * @param key    the child's key
 * @param action what was done
 * @param object the child as the server answered (applied), as the cache holds it (skipped), or as
 *               it was before its deletion (deleted)
 */
public record ChildOutcome(TypeKey type, ObjectKey key, Action action, HasMetadata object) {

  /** What was done to a child. */
  public enum Action {
    /** It did not exist and was created by the apply. */
    CREATED,
    /** It existed and the apply changed it (drift taken back, or a new intent). */
    CHANGED,
    /** It was applied, and the server had it so already. */
    UNCHANGED,
    /** Not written: the intent is the one last applied, and nobody changed the child since. */
    SKIPPED,
    /** It is owned but no longer desired, and was deleted. */
    DELETED
  }

  /** Returns true when the child was created, changed or deleted. */
  public boolean changedTheCluster() {
    return action == Action.CREATED || action == Action.CHANGED || action == Action.DELETED;
  }
}

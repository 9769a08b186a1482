package io.informer4j.kubernetes.internal;

import io.fabric8.kubernetes.api.model.FieldsV1;
import io.informer4j.meta.CompactCollections;
import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * One shared, unmodifiable {@link FieldsV1} per distinct content. The field sets of
 * {@code managedFields} repeat from object to object (every ConfigMap written by one manager with
 * the same keys has the same tree of maps), so a cache can keep one tree instead of one per object.
 *
 * <p>The table holds its trees weakly: a tree no cached object refers to any more is dropped by the
 * garbage collector. Thread-safe; lookups of different threads are serialized by one lock, held
 * only to compare and insert.
 */
public final class SharedFieldsV1 {

  private static final Map<Map<String, Object>, WeakReference<FieldsV1>> SHARED = new WeakHashMap<>();

  private SharedFieldsV1() {
  }

  /**
   * Returns the shared instance equal to {@code fields}, made from a read-only copy of it
   * ({@link CompactCollections#tree}) the first time such content is seen; null for null. The argument is
   * not changed.
   */
  @SuppressWarnings("unchecked")
  public static FieldsV1 of(FieldsV1 fields) {
    if (fields == null) {
      return null;
    }
    Map<String, Object> content = fields.getAdditionalProperties();
    synchronized (SHARED) {
      WeakReference<FieldsV1> known = SHARED.get(content);
      FieldsV1 shared = known == null ? null : known.get();
      if (shared == null) {
        shared = new FieldsV1();
        shared.setAdditionalProperties((Map<String, Object>) CompactCollections.tree(content));
        SHARED.put(shared.getAdditionalProperties(), new WeakReference<>(shared));
      }
      return shared;
    }
  }
}

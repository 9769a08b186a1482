package io.informer4j.testkit;

import io.informer4j.meta.ObjectAdapter;
import java.util.Map;

/**
 * The {@link ObjectAdapter} of {@link SimObject}, exposed as {@link SimObject#ADAPTER}. Stateless
 * and thread-safe.
 */
final class SimObjectAdapter implements ObjectAdapter<SimObject> {

  @Override
  public String namespace(SimObject object) {
    return object.namespace();
  }

  @Override
  public String name(SimObject object) {
    return object.name();
  }

  @Override
  public String resourceVersion(SimObject object) {
    return object.resourceVersion();
  }

  @Override
  public Map<String, String> labels(SimObject object) {
    return object.labels();
  }

  /** Returns {@code object} itself: a {@link SimObject} is deeply immutable. */
  @Override
  public SimObject deepCopy(SimObject object) {
    return object;
  }

  /**
   * Returns {@code metadata.name}, {@code metadata.namespace}, or the text of a scalar found at the
   * dotted path in the content; null for a missing path or one that leads to a map or list.
   */
  @Override
  public String field(SimObject object, String path) {
    String metadata = ObjectAdapter.super.field(object, path);
    if (metadata != null) {
      return metadata;
    }
    Object value = object.contentAt(path);
    return value != null && JsonTree.isScalar(value) ? value.toString() : null;
  }
}

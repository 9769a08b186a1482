package io.informer4j.kubernetes.operator;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import java.util.Objects;

/**
 * A write the API server accepted, as {@link OperatorWrites} tells its listener: which object, and
 * the resourceVersion the server gave it. A cache that has seen this version (or a later event of
 * the key) holds this write.
 *
 * @param type            the object's type
 * @param key             the object's key
 * @param resourceVersion the resourceVersion of the server's answer
 * @param verb            what the write was
 */
public record WrittenObject(TypeKey type, ObjectKey key, String resourceVersion, Verb verb) {

  /** What a write was. */
  public enum Verb {
    /** A create (POST). */
    CREATE,
    /** An update of the object (PUT). */
    UPDATE,
    /** An update of its {@code /status} subresource (PUT). */
    UPDATE_STATUS
  }

  /** Checks the components. */
  public WrittenObject {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(resourceVersion, "resourceVersion");
    Objects.requireNonNull(verb, "verb");
  }
}

package io.informer4j.kubernetes.operator;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;

/** Reads the type and key of a fabric8 object, for messages and listeners. Stateless. */
final class Identity {

  private Identity() {
  }

  /** Returns the object's type from its {@code apiVersion} and {@code kind}. */
  static TypeKey typeOf(HasMetadata object) {
    return TypeKey.fromApiVersion(object.getApiVersion(), object.getKind());
  }

  /** Returns the object's key; a missing namespace is the empty (cluster) namespace. */
  static ObjectKey keyOf(HasMetadata object) {
    ObjectMeta metadata = object.getMetadata();
    if (metadata == null || metadata.getName() == null || metadata.getName().isEmpty()) {
      throw new IllegalArgumentException(typeOf(object) + " object has no metadata.name");
    }
    return ObjectKey.of(metadata.getNamespace(), metadata.getName());
  }

  /** Returns {@code "<Kind> <namespace/name>"}, for messages. */
  static String describe(HasMetadata object) {
    ObjectMeta metadata = object.getMetadata();
    String name = metadata == null ? null : ObjectKey.keyOf(metadata.getNamespace(), metadata.getName());
    return object.getKind() + " " + name;
  }

  /** Returns the object's resourceVersion, empty when unset. */
  static String resourceVersionOf(HasMetadata object) {
    ObjectMeta metadata = object.getMetadata();
    return metadata == null || metadata.getResourceVersion() == null ? "" : metadata.getResourceVersion();
  }
}

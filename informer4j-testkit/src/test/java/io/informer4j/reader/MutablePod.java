package io.informer4j.reader;

import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectType;
import io.informer4j.testkit.SimObject;
import java.util.HashMap;
import java.util.Map;

/**
 * A mutable, typed view of a SimulatedApi object (as a generated model class would be), so tests can
 * show that mutating what a reader returned leaves the cache alone. Not thread-safe.
 */
final class MutablePod {

  static final ObjectAdapter<MutablePod> ADAPTER = ObjectAdapter.builder((MutablePod p) -> p.namespace, p -> p.name)
      .resourceVersion(p -> p.resourceVersion)
      .labels(p -> p.labels)
      .fields((p, path) -> path.equals("spec.nodeName") ? p.nodeName : null)
      .deepCopy(MutablePod::copy)
      .build();

  /** Pods of the simulated API as mutable typed objects (representation {@code typed}). */
  static final ObjectType<MutablePod> TYPED = ObjectType.of(SimulatedReaderFixture.POD, "typed", MutablePod.class, ADAPTER);

  String namespace;
  String name;
  String resourceVersion;
  Map<String, String> labels;
  String nodeName;

  MutablePod(String namespace, String name, String resourceVersion, Map<String, String> labels, String nodeName) {
    this.namespace = namespace;
    this.name = name;
    this.resourceVersion = resourceVersion;
    this.labels = new HashMap<>(labels);
    this.nodeName = nodeName;
  }

  static MutablePod from(SimObject object) {
    Object node = object.contentAt("spec.nodeName");
    return new MutablePod(object.namespace(), object.name(), object.resourceVersion(), object.labels(),
        node == null ? null : node.toString());
  }

  MutablePod copy() {
    return new MutablePod(namespace, name, resourceVersion, labels, nodeName);
  }
}

package io.informer4j.kubernetes.testserver;

import io.informer4j.testkit.SimObject;
import java.util.List;
import java.util.Map;

/**
 * Objects that the test server stores and serves like any other, in lists and watch events, but
 * whose JSON no fabric8 model binds: their {@code metadata.labels} is {@code [1]}, a list where
 * every model (typed ones, {@code GenericKubernetesResource}, {@code PartialObjectMetadata}: they
 * share {@code ObjectMeta}) has a map of strings, while their name and namespace stay readable. (A
 * number where a string is expected, as {@code "data":{"k":1}}, would not do: fabric8's JSON rules
 * turn it into the string {@code "1"}.) The object's labels, if it had any, are dropped; the rest of
 * it is served unchanged. This is what a client meets when a custom resource's schema drifted from
 * the model it was built with. Stateless.
 */
public final class UnbindableObjects {

  private UnbindableObjects() {
  }

  /** Returns {@code object} with a list for its labels on the wire. */
  public static SimObject withListForLabels(SimObject object) {
    return object.withLabels(Map.of()).withContentAt("metadata.labels", List.of(1));
  }
}

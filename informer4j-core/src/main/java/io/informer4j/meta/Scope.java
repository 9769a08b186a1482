package io.informer4j.meta;

/** Whether objects of a type live in namespaces. */
public enum Scope {
  /** Objects live in a namespace; keys are {@code "namespace/name"}. */
  NAMESPACED,
  /** Objects are cluster-wide; keys are {@code "name"} and namespace rules do not apply. */
  CLUSTER
}

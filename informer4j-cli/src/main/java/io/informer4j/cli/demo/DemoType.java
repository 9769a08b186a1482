package io.informer4j.cli.demo;

import io.informer4j.cli.run.WatchedType;
import io.informer4j.factory.NamespaceFilter;
import io.informer4j.meta.TypeKey;

/**
 * One type of the demo: what it is, its namespace set-up, and whether the simulated API serves it
 * from the start (a type that is not served yet plays a CRD installed later).
 *
 * @param watched          the type, its short name and namespace rules
 * @param installedAtStart false for the type installed during the run
 */
public record DemoType(WatchedType watched, boolean installedAtStart) {

  static DemoType of(TypeKey type, NamespaceFilter filter, boolean installedAtStart) {
    return new DemoType(new WatchedType(type, type.kind(), filter), installedAtStart);
  }

  /** Returns the type key. */
  public TypeKey type() {
    return watched.type();
  }
}

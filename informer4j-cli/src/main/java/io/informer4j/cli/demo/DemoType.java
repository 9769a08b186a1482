package io.informer4j.cli.demo;

import io.informer4j.cli.run.WatchedType;
import io.informer4j.controller.NamespaceFilter;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimulatedApi;

/**
 * One type of the demo: what it is, its namespace set-up, and whether the simulated API serves it
 * from the start (a type that is not served yet plays a CRD installed later).
 *
 * @param type             the type
 * @param filter           its namespace rules
 * @param installedAtStart false for the type installed during the run
 */
public record DemoType(TypeKey type, NamespaceFilter filter, boolean installedAtStart) {

  /** Returns the short name shown on the dashboard: the kind. */
  public String name() {
    return type.kind();
  }

  /** Returns the type as watched on {@code api}. */
  public WatchedType watched(SimulatedApi api) {
    return new WatchedType(api.type(type), name(), filter);
  }
}

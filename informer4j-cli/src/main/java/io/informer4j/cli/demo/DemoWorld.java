package io.informer4j.cli.demo;

import io.informer4j.controller.NamespaceFilter;
import io.informer4j.meta.TypeKey;
import java.util.List;

/**
 * The demo's world: ten namespaces and five types, each with one of the namespace set-ups, so
 * every filtering path runs:
 * <ul>
 *   <li>{@code ConfigMap}: a single allowed namespace, so its list/watch is scoped to it (tier 1);</li>
 *   <li>{@code Deployment}: three allowed namespaces, events filtered before the queue (tier 2);</li>
 *   <li>{@code Secret}: a restricted list ({@code kube-system}, {@code kube-public});</li>
 *   <li>{@code Pod}: allowed by pattern ({@code team-*}) with one team restricted;</li>
 *   <li>{@code Widget}: a custom type not installed at start (installed after about ten seconds),
 *       restricted from {@code kube-*}.</li>
 * </ul>
 * Immutable.
 */
public final class DemoWorld {

  /** The namespaces objects are written to. */
  public static final List<String> NAMESPACES = List.of("team-a", "team-b", "team-c", "team-d", "team-e", "team-f",
      "team-g", "default", "kube-system", "kube-public");

  /** The custom type installed during the run. */
  public static final TypeKey WIDGETS = TypeKey.of("demo.informer4j.io", "v1", "Widget");

  private static final List<DemoType> TYPES = List.of(
      new DemoType(TypeKey.of("", "v1", "ConfigMap"), NamespaceFilter.allowing("team-a"), true),
      new DemoType(TypeKey.of("apps", "v1", "Deployment"), NamespaceFilter.allowing("team-a", "team-b", "team-c"), true),
      new DemoType(TypeKey.of("", "v1", "Secret"), NamespaceFilter.restricting("kube-system", "kube-public"), true),
      new DemoType(TypeKey.of("", "v1", "Pod"), NamespaceFilter.of(List.of("team-*"), List.of("team-g")), true),
      new DemoType(WIDGETS, NamespaceFilter.restricting("kube-*"), false));

  private DemoWorld() {
  }

  /** Returns the demo's types, in dashboard order. */
  public static List<DemoType> types() {
    return TYPES;
  }
}

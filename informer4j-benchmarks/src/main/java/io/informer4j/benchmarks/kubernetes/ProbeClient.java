package io.informer4j.benchmarks.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.kubernetes.KubernetesTransforms;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.UnaryOperator;

/**
 * One Java Kubernetes client's informers under measurement, in a {@link ProbeMain} JVM: it starts
 * {@code informers} ConfigMap informers (one over all namespaces, or one per namespace
 * {@code ns-0 … ns-<n-1>}) whose single handler counts adds and updates.
 */
interface ProbeClient extends AutoCloseable {

  /** Starts the informers; returns at once or once started, as the client does. */
  void start(int informers, LongAdder adds, LongAdder updates) throws Exception;

  /** Returns how many objects the informers' caches hold. */
  int cached();

  /**
   * Returns true once the client says its informers have synced, by the signal a controller waits
   * on before it reconciles. Called by the thread that started the client.
   */
  boolean reportsSynced();

  /** Returns a one-line account of the informers' state, for diagnosing a stalled run. */
  default String describe() {
    return "cached " + cached();
  }

  /** Stops the informers and releases the client. */
  @Override
  void close() throws Exception;

  /**
   * Returns the client named on the command line: {@code informer4j} (watch-list) or
   * {@code informer4j-list} (paged LIST then watch), each optionally followed by {@code -strip} (strip
   * managedFields), {@code -plain} (keep objects as decoded instead of compact, the default) and
   * {@code -page<n>} (the list page size, else the informer's default), e.g. {@code informer4j-list-plain};
   * {@code informer4j-manager} (the informers of a {@link io.informer4j.manager.Manager} with its
   * defaults: {@link ManagerProbe}); or {@code fabric8}, {@code fabric8-factory} (through fabric8's
   * shared informer factory), {@code client-java}, or {@code raw-http} (the floor: {@link RawHttpProbe});
   * or, for a fleet whose {@code url} is the clusters' URLs comma-separated, {@code fleet-informer4j}
   * ({@link FleetProbe}) or {@code fleet-fabric8} ({@link Fabric8FleetProbe}).
   */
  static ProbeClient named(String name, String url) {
    return switch (name) {
      case "informer4j-manager" -> new ManagerProbe(url);
      case "fabric8" -> new Fabric8Probe(url);
      case "fabric8-factory" -> new Fabric8FactoryProbe(url);
      case "client-java" -> new ClientJavaProbe(url);
      case "raw-http" -> new RawHttpProbe(url);
      case "fleet-informer4j" -> new FleetProbe(List.of(url.split(",")));
      case "fleet-fabric8" -> new Fabric8FleetProbe(List.of(url.split(",")));
      default -> informer4jNamed(name, url);
    };
  }

  private static ProbeClient informer4jNamed(String name, String url) {
    String[] parts = name.split("-");
    if (!parts[0].equals("informer4j")) {
      throw new IllegalArgumentException("unknown client '" + name + "'");
    }
    boolean list = parts.length > 1 && parts[1].equals("list");
    UnaryOperator<ConfigMap> transform = null;
    boolean compact = true;
    long pageSize = 0;
    for (int i = list ? 2 : 1; i < parts.length; i++) {
      if (parts[i].startsWith("page")) {
        pageSize = Long.parseLong(parts[i].substring("page".length()));
      } else if (parts[i].equals("plain")) {
        compact = false;
      } else if (parts[i].equals("strip")) {
        transform = KubernetesTransforms.stripManagedFields();
      } else {
        throw new IllegalArgumentException("unknown option '" + parts[i] + "' in '" + name + "'");
      }
    }
    return new Informer4jProbe(url, transform, compact, !list, pageSize);
  }

  /** Returns the namespace of informer {@code index} of {@code count}, or null (all) for a single informer. */
  static String namespaceOf(int index, int count) {
    return count == 1 ? null : "ns-" + index;
  }
}

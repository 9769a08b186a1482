package io.informer4j.benchmarks.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.kubernetes.KubernetesTransforms;
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

  /** Returns a one-line account of the informers' state, for diagnosing a stalled run. */
  default String describe() {
    return "cached " + cached();
  }

  /** Stops the informers and releases the client. */
  @Override
  void close() throws Exception;

  /**
   * Returns the client named on the command line: {@code informer4j} (watch-list),
   * {@code informer4j-list} (paged LIST then watch), either with {@code -strip} (strip-managedFields
   * transform) or {@code -share} (share-repeated-strings transform), {@code fabric8},
   * {@code client-java}, or {@code raw-http} (the floor: {@link RawHttpProbe}).
   */
  static ProbeClient named(String name, String url) {
    UnaryOperator<ConfigMap> strip = KubernetesTransforms.stripManagedFields();
    UnaryOperator<ConfigMap> share = KubernetesTransforms.shareRepeatedStrings();
    return switch (name) {
      case "informer4j" -> new Informer4jProbe(url, null, true);
      case "informer4j-strip" -> new Informer4jProbe(url, strip, true);
      case "informer4j-share" -> new Informer4jProbe(url, share, true);
      case "informer4j-list" -> new Informer4jProbe(url, null, false);
      case "informer4j-list-strip" -> new Informer4jProbe(url, strip, false);
      case "informer4j-list-share" -> new Informer4jProbe(url, share, false);
      case "fabric8" -> new Fabric8Probe(url);
      case "client-java" -> new ClientJavaProbe(url);
      case "raw-http" -> new RawHttpProbe(url);
      default -> throw new IllegalArgumentException("unknown client '" + name + "'");
    };
  }

  /** Returns the namespace of informer {@code index} of {@code count}, or null (all) for a single informer. */
  static String namespaceOf(int index, int count) {
    return count == 1 ? null : "ns-" + index;
  }
}

package io.informer4j.testkit;

import io.informer4j.fleet.ClusterListener;
import io.informer4j.fleet.ClusterProvider;
import io.informer4j.informer.InformerRuntime;

/**
 * A {@link ClusterProvider} a test drives by hand: it discovers nothing and runs nothing; the test
 * tells the fleet of clusters appearing, changing and disappearing through {@link #listener()}.
 * Thread-safe.
 */
public final class ManualClusterProvider implements ClusterProvider {

  private volatile ClusterListener listener;

  @Override
  public void start(ClusterListener listener, InformerRuntime runtime) {
    this.listener = listener;
  }

  /**
   * Returns the listener the fleet started this provider with.
   *
   * @throws IllegalStateException before the fleet started it
   */
  public ClusterListener listener() {
    ClusterListener started = listener;
    if (started == null) {
      throw new IllegalStateException("the provider was not started by a fleet yet");
    }
    return started;
  }

  /** Does nothing: nothing runs. */
  @Override
  public void close() {
  }
}

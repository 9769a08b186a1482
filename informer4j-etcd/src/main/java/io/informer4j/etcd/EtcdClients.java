package io.informer4j.etcd;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.ClientBuilder;
import java.time.Duration;

/**
 * jetcd clients configured for informers. jetcd's default makes calls wait until a connection is
 * ready, so an unreachable server shows as a timeout long after the fact; these clients fail calls
 * at once instead (the informer then backs off and shows BACKOFF), connect with a timeout and keep
 * connections alive with pings.
 */
public final class EtcdClients {

  private EtcdClients() {
  }

  /**
   * Returns a client builder for {@code endpoints} (such as {@code "http://127.0.0.1:2379"}) with
   * the informer settings; add credentials or TLS before {@link ClientBuilder#build()}.
   */
  public static ClientBuilder builder(String... endpoints) {
    return Client.builder()
        .endpoints(endpoints)
        .waitForReady(false)
        .connectTimeout(Duration.ofSeconds(5))
        .keepaliveTime(Duration.ofSeconds(30))
        .keepaliveTimeout(Duration.ofSeconds(10));
  }

  /** Returns a connected-on-demand client for {@code endpoints} with the informer settings. */
  public static Client connect(String... endpoints) {
    return builder(endpoints).build();
  }
}

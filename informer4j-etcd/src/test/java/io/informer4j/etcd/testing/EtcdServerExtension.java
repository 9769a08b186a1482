package io.informer4j.etcd.testing;

import io.etcd.jetcd.Client;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * JUnit 5 extension that runs one real {@link EtcdServer} for a test class, with one shared client:
 * register it as a static field with {@code @RegisterExtension}. Tests keep apart by writing under
 * their own prefix ({@link #newPrefix}). If etcd cannot start, every test of the class fails with
 * the reason (it is never skipped).
 */
public final class EtcdServerExtension implements BeforeAllCallback, AfterAllCallback {

  private final List<String> extraArgs;
  private final AtomicInteger prefixes = new AtomicInteger();
  private EtcdServer server;
  private Client client;

  /** Runs etcd with default settings. */
  public EtcdServerExtension() {
    this(List.of());
  }

  /** Runs etcd with extra command-line arguments. */
  public EtcdServerExtension(List<String> extraArgs) {
    this.extraArgs = List.copyOf(extraArgs);
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    server = EtcdServer.start(extraArgs);
    client = server.newClient();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (client != null) {
      client.close();
    }
    if (server != null) {
      server.close();
    }
  }

  /** Returns the running server. */
  public EtcdServer server() {
    return server;
  }

  /** Returns the shared client (closed after the class). */
  public Client client() {
    return client;
  }

  /** Returns a key prefix no other test of this class uses, such as {@code /informer4j-test/widgets-3}. */
  public String newPrefix(String name) {
    return "/informer4j-test/" + name + "-" + prefixes.incrementAndGet();
  }
}

package io.informer4j.testing;

import io.informer4j.informer.SharedIndexInformer;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;

/**
 * The base of tests that drive one informer over an {@link InformerFixture}: a test assigns
 * {@link #informer} when it builds one, and after each test the informer (if any) and then the
 * fixture's runtime are closed, each within five seconds.
 */
public abstract class InformerTestSupport {

  protected final InformerFixture fixture = new InformerFixture();
  protected final FakeSource source = fixture.source;
  protected SharedIndexInformer<Item> informer;

  @AfterEach
  void closeInformerAndRuntime() throws InterruptedException {
    if (informer != null) {
      informer.stop(Duration.ofSeconds(5));
    }
    fixture.close();
  }
}

package io.informer4j.testing;

import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.time.ManualClock;
import java.time.Duration;

/**
 * An informer over a {@link FakeSource} on a runtime whose timers follow a {@link ManualClock}, with
 * zero jitter, so backoff and resync happen exactly when the test advances time.
 */
public final class InformerFixture implements AutoCloseable {

  public final FakeSource source = new FakeSource();
  public final ManualClock clock = new ManualClock();
  public final InformerRuntime runtime = InformerRuntime.builder("test").time(clock, clock).build();

  /** A builder with watch-list off (most reflector tests list), no jitter, on the manual runtime. */
  public SharedIndexInformer.Builder<Item> builder() {
    return SharedIndexInformer.builder(source, Item.ADAPTER).name("items").runtime(runtime).watchList(false)
        .random(() -> 0.0);
  }

  @Override
  public void close() throws InterruptedException {
    runtime.stop(Duration.ofSeconds(5));
  }
}

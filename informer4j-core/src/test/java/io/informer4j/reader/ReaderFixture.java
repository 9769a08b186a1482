package io.informer4j.reader;

import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.ObjectType;
import io.informer4j.source.Backend;
import io.informer4j.testing.FakeBackend;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.Item;
import io.informer4j.time.ManualClock;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Informers maps over a {@link FakeBackend} (pods and deployments namespaced, nodes cluster-scoped) on
 * a runtime whose timers follow a {@link ManualClock}, with the resync jitter factor fixed at 1.0 and
 * reads waiting at most ten seconds for a sync.
 */
final class ReaderFixture implements AutoCloseable {

  final ManualClock clock = new ManualClock();
  final InformerRuntime runtime = InformerRuntime.builder("reader-test").time(clock, clock).build();
  final FakeBackend backend = new FakeBackend();

  /** Returns the fake source of {@code type} in {@code namespace} ({@code ""} for all). */
  FakeSource source(ObjectType<?> type, String namespace) {
    return backend.source(type, namespace);
  }

  /** A map over the fixture's backend. */
  InformersMap.Builder map() {
    return map(backend);
  }

  /** A map over {@code backend} on the fixture's runtime. */
  InformersMap.Builder map(Backend backend) {
    return InformersMap.builder(backend).runtime(runtime).random(() -> 0.5).readTimeout(Duration.ofSeconds(10));
  }

  static Item item(String namespace, String name, Map<String, String> labels) {
    return new Item(namespace, name, "1", new HashMap<>(labels), "");
  }

  /** Returns true when some thread is parked with a timeout inside a method named {@code method}. */
  static boolean someThreadWaitsIn(String method) {
    return Thread.getAllStackTraces().entrySet().stream()
        .filter(e -> e.getKey().getState() == Thread.State.TIMED_WAITING)
        .anyMatch(e -> Arrays.stream(e.getValue()).anyMatch(frame -> frame.getMethodName().equals(method)));
  }

  @Override
  public void close() throws InterruptedException {
    runtime.stop(Duration.ofSeconds(5));
  }
}

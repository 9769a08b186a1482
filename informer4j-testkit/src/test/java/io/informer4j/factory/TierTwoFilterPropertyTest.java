package io.informer4j.factory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.NamespaceMatcher;
import io.informer4j.meta.Scope;
import io.informer4j.meta.SimpleTypeRegistry;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.PriorityWorkQueue;
import io.informer4j.queue.QueueItem;
import io.informer4j.queue.QueueRegistry;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Tier 2 as a property: whatever the allowed and restricted patterns and whatever the events, no
 * item from a rejected namespace enters a queue, every event of an allowed namespace does, and the
 * dropped count equals the rejected events.
 */
class TierTwoFilterPropertyTest {

  private static final TypeKey TYPE = TypeKey.of("demo.informer4j.io", "v1", "Website");
  private static final List<String> NAMESPACES =
      List.of("prod", "prod-eu", "team-a", "team-b", "kube-system", "kube-public", "dev", "staging");
  private static final List<String> PATTERNS = List.of("prod", "prod-*", "team-*", "kube-*", "*-eu", "dev", "staging");

  private static InformerRuntime runtime;

  @BeforeContainer
  static void start() {
    runtime = InformerRuntime.create("tier-two");
  }

  @AfterContainer
  static void stop() throws InterruptedException {
    runtime.close(Duration.ofSeconds(10));
  }

  @Provide
  Arbitrary<List<String>> patterns() {
    return Arbitraries.of(PATTERNS).list().ofMaxSize(3).uniqueElements();
  }

  @Provide
  Arbitrary<List<Integer>> writes() {
    return Arbitraries.integers().between(0, NAMESPACES.size() * 4 - 1).list().ofMinSize(1).ofMaxSize(40);
  }

  @Property(tries = 40, seed = "20261129")
  void onlyAllowedNamespacesReachTheQueue(@ForAll("patterns") List<String> allowed,
                                          @ForAll("patterns") List<String> restricted,
                                          @ForAll("writes") List<Integer> writes) throws InterruptedException {
    NamespaceFilter filter = NamespaceFilter.of(allowed, restricted);
    NamespaceMatcher rule = filter.matcher();
    List<FactoryEvent> events = new CopyOnWriteArrayList<>();
    try (SimulatedApi api = SimulatedApi.builder().type(TYPE, Scope.NAMESPACED).build();
         QueueRegistry queues = QueueRegistry.builder().build()) {
      PriorityWorkQueue<QueueItem> queue = queues.register(TYPE, 0);
      SharedInformerFactory factory = SharedInformerFactory.builder(api.clientProvider(),
          new SimpleTypeRegistry().register(TYPE, Scope.NAMESPACED), queues).runtime(runtime).build();
      factory.informerFor(TYPE, SimObject.class,
          InformerOptions.builder().namespaceFilter(filter).eventHook(events::add).build());
      factory.start();
      assertThat(factory.waitForCacheSync(Duration.ofSeconds(10)).allSynced()).isTrue();
      for (int i = 0; i < writes.size(); i++) {
        int write = writes.get(i);
        String namespace = NAMESPACES.get(write % NAMESPACES.size());
        String name = "site-" + write / NAMESPACES.size();
        api.upsert(TYPE, SimObject.of(namespace, name).withLabel("write", Integer.toString(i)));
      }
      long tier1Expected = rule.singleExactNamespace().isPresent()
          ? writes.stream().filter(w -> rule.allows(NAMESPACES.get(w % NAMESPACES.size()))).count()
          : writes.size();
      await().until(() -> events.size() == tier1Expected);
      InformerEntry entry = factory.registered().get(TYPE);
      for (FactoryEvent event : events) {
        boolean allowedNamespace = rule.allows(event.key().namespace());
        assertThat(event.outcome()).as("%s with allowed=%s restricted=%s", event.key(), allowed, restricted)
            .isEqualTo(allowedNamespace ? FactoryEvent.Outcome.ENQUEUED : FactoryEvent.Outcome.DROPPED_BY_FILTER);
      }
      long dropped = events.stream().filter(e -> e.outcome() == FactoryEvent.Outcome.DROPPED_BY_FILTER).count();
      assertThat(entry.droppedTotal()).isEqualTo(dropped);
      for (Optional<QueueItem> item = queue.poll(); item.isPresent(); item = queue.poll()) {
        assertThat(rule.allows(item.get().key().namespace())).as("queued %s", item.get()).isTrue();
        queue.done(item.get());
      }
      factory.shutdown(Duration.ofSeconds(10));
    }
  }
}

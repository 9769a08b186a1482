package io.informer4j.factory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.controller.EnqueueEvent;
import io.informer4j.controller.NamespaceFilter;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.NamespaceDecision;
import io.informer4j.meta.NamespaceMatcher;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.PriorityWorkQueue;
import io.informer4j.queue.QueueItem;
import io.informer4j.queue.QueueRegistry;
import io.informer4j.reader.InformersMap;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Tier 2 as a property: whatever the allowed and restricted patterns and whatever the events, no
 * item from a rejected namespace enters a queue, every event of an allowed namespace does, and the
 * dropped count equals the rejected events. And the filter's every decision (reason and pattern)
 * equals that of the rule read the plainest way, each list scanned in order ({@link #reference}),
 * over random pattern sets drawn from a tiny alphabet so that shared prefixes, suffixes and ties are
 * common. jqwik prints the seed of a failing run.
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
    runtime.stop(Duration.ofSeconds(10));
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
    List<EnqueueEvent> events = new CopyOnWriteArrayList<>();
    try (SimulatedApi api = SimulatedApi.builder().type(TYPE, Scope.NAMESPACED).build();
         QueueRegistry queues = QueueRegistry.builder().build()) {
      PriorityWorkQueue<QueueItem> queue = queues.register(TYPE);
      SharedInformerFactory factory = SharedInformerFactory.builder(InformersMap.builder(api).runtime(runtime).build(),
          queues).build();
      factory.informerFor(api.type(TYPE), InformerOptions.builder().namespaceFilter(filter).eventHook(events::add).build());
      factory.start();
      assertThat(factory.waitForCacheSync(Duration.ofSeconds(10))).isTrue();
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
      TypeStatus status = factory.statuses().get(0);
      for (EnqueueEvent event : events) {
        boolean allowedNamespace = rule.allows(event.key().namespace());
        assertThat(event.outcome()).as("%s with allowed=%s restricted=%s", event.key(), allowed, restricted)
            .isEqualTo(allowedNamespace ? EnqueueEvent.Outcome.ENQUEUED : EnqueueEvent.Outcome.DROPPED_BY_FILTER);
      }
      long dropped = events.stream().filter(e -> e.outcome() == EnqueueEvent.Outcome.DROPPED_BY_FILTER).count();
      assertThat(status.droppedTotal()).isEqualTo(dropped);
      for (Optional<QueueItem> item = queue.poll(); item.isPresent(); item = queue.poll()) {
        assertThat(rule.allows(item.get().key().namespace())).as("queued %s", item.get()).isTrue();
        queue.done(item.get());
      }
      factory.stop(Duration.ofSeconds(10));
    }
  }

  @Provide
  Arbitrary<List<String>> randomPatterns() {
    Arbitrary<String> literal = Arbitraries.strings().withChars('a', 'b', '-').ofMinLength(1).ofMaxLength(4);
    Arbitrary<String> pattern = Arbitraries.frequencyOf(
        Tuple.of(8, literal),
        Tuple.of(3, literal.map(text -> text + "*")),
        Tuple.of(3, literal.map(text -> "*" + text)),
        Tuple.of(1, Arbitraries.just("*")));
    return Arbitraries.frequencyOf(
        Tuple.of(3, pattern.list().ofMaxSize(8)),
        Tuple.of(1, pattern.list().ofMinSize(50).ofMaxSize(300)));
  }

  @Provide
  Arbitrary<List<String>> randomNamespaces() {
    return Arbitraries.strings().withChars('a', 'b', '-').ofMaxLength(6).list().ofMinSize(1).ofMaxSize(40);
  }

  @Property(tries = 2000, seed = "20261201")
  void everyDecisionEqualsTheRuleScannedInOrder(@ForAll("randomPatterns") List<String> allowed,
                                                @ForAll("randomPatterns") List<String> restricted,
                                                @ForAll("randomNamespaces") List<String> namespaces) {
    NamespaceFilter filter = NamespaceFilter.of(allowed, restricted);
    for (String namespace : namespaces) {
      assertThat(filter.decide(namespace)).as("\"%s\" with allowed=%s restricted=%s", namespace, allowed, restricted)
          .isEqualTo(reference(allowed, restricted, namespace));
    }
  }

  /**
   * The namespace rule scanned in order: the first matching restricted pattern rejects; else, with
   * no allowed patterns, everything is allowed; else the first matching allowed pattern allows; else
   * the rejection names the allowed pattern sharing the most characters with the namespace (from
   * the start for exact and {@code prefix*}, from the end for {@code *suffix}), the first listed on
   * a tie.
   */
  private static NamespaceDecision reference(List<String> allowed, List<String> restricted, String namespace) {
    List<String> allow = List.copyOf(new LinkedHashSet<>(allowed));
    List<String> restrict = List.copyOf(new LinkedHashSet<>(restricted));
    for (String pattern : restrict) {
      if (matches(pattern, namespace)) {
        return new NamespaceDecision(namespace, NamespaceDecision.Reason.RESTRICTED, Optional.of(pattern));
      }
    }
    if (allow.isEmpty()) {
      return new NamespaceDecision(namespace,
          restrict.isEmpty() ? NamespaceDecision.Reason.NO_RULES : NamespaceDecision.Reason.ALLOWED, Optional.empty());
    }
    String closest = null;
    int best = -1;
    for (String pattern : allow) {
      if (matches(pattern, namespace)) {
        return new NamespaceDecision(namespace, NamespaceDecision.Reason.ALLOWED, Optional.of(pattern));
      }
      int shared = shared(pattern, namespace);
      if (shared > best) {
        best = shared;
        closest = pattern;
      }
    }
    return new NamespaceDecision(namespace, NamespaceDecision.Reason.NOT_ALLOWED, Optional.of(closest));
  }

  private static boolean matches(String pattern, String namespace) {
    if (pattern.endsWith("*")) {
      return namespace.startsWith(pattern.substring(0, pattern.length() - 1));
    }
    if (pattern.startsWith("*")) {
      return namespace.endsWith(pattern.substring(1));
    }
    return namespace.equals(pattern);
  }

  private static int shared(String pattern, String namespace) {
    boolean fromEnd = pattern.startsWith("*") && !pattern.endsWith("*");
    String literal = pattern.replace("*", "");
    int n = 0;
    while (n < Math.min(literal.length(), namespace.length())
        && (fromEnd ? literal.charAt(literal.length() - 1 - n) == namespace.charAt(namespace.length() - 1 - n)
                    : literal.charAt(n) == namespace.charAt(n))) {
      n++;
    }
    return n;
  }
}

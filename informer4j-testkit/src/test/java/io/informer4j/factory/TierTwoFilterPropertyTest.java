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
import io.informer4j.testsupport.property.Generator;
import io.informer4j.testsupport.property.Generators;
import io.informer4j.testsupport.property.PropertyCheck;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Tier 2 as a property: whatever the allowed and restricted patterns and whatever the events, no
 * item from a rejected namespace enters a queue, every event of an allowed namespace does, and the
 * dropped count equals the rejected events. And the filter's every decision (reason and pattern)
 * equals that of the rule read the plainest way, each list scanned in order ({@link #reference}),
 * over random pattern sets drawn from a tiny alphabet so that shared prefixes, suffixes and ties are
 * common. A failing check reports the seed that reproduces it.
 */
class TierTwoFilterPropertyTest {

  private static final TypeKey TYPE = TypeKey.of("demo.informer4j.io", "v1", "Website");
  private static final List<String> NAMESPACES =
      List.of("prod", "prod-eu", "team-a", "team-b", "kube-system", "kube-public", "dev", "staging");
  private static final List<String> PATTERNS = List.of("prod", "prod-*", "team-*", "kube-*", "*-eu", "dev", "staging");

  private static InformerRuntime runtime;

  @BeforeAll
  static void start() {
    runtime = InformerRuntime.create("tier-two");
  }

  @AfterAll
  static void stop() throws InterruptedException {
    runtime.stop(Duration.ofSeconds(10));
  }

  /** Up to three distinct patterns of {@link #PATTERNS}. */
  private static final Generator<List<String>> PATTERN_SETS = Generators.elements(PATTERNS).list(0, 3)
      .map(patterns -> List.copyOf(new LinkedHashSet<>(patterns)));
  /** 1 to 40 writes, each naming a namespace and one of four objects in it. */
  private static final Generator<List<Integer>> WRITES = Generators.integers(0, NAMESPACES.size() * 4 - 1).list(1, 40);

  /** Allowed and restricted patterns, and a list of writes or of namespaces to decide on. */
  record Case<T>(List<String> allowed, List<String> restricted, List<T> subjects) {
  }

  private static <T> Generator<Case<T>> cases(Generator<List<String>> patterns, Generator<List<T>> subjects) {
    return choices -> new Case<>(choices.draw(patterns), choices.draw(patterns), choices.draw(subjects));
  }

  @Test
  void onlyAllowedNamespacesReachTheQueue() {
    // each try runs a factory: few tries, and shrinking kept short
    PropertyCheck.forAll(cases(PATTERN_SETS, WRITES)).tries(40).shrinkRuns(60)
        .check(c -> onlyAllowedNamespacesReachTheQueue(c.allowed(), c.restricted(), c.subjects()));
  }

  private static void onlyAllowedNamespacesReachTheQueue(List<String> allowed, List<String> restricted,
                                                         List<Integer> writes) throws InterruptedException {
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
      await().atMost(Duration.ofSeconds(60)).until(() -> events.size() == tier1Expected);
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

  /** Exact, prefix, suffix and match-all patterns over a tiny alphabet; a few, or very many. */
  private static Generator<List<String>> randomPatterns() {
    Generator<String> literal = Generators.strings(Generators.codePointsOf("ab-"), 1, 4);
    Generator<String> pattern = Generators.frequency(
        Generators.weight(8, literal),
        Generators.weight(3, literal.map(text -> text + "*")),
        Generators.weight(3, literal.map(text -> "*" + text)),
        Generators.weight(1, Generators.constant("*")));
    return Generators.frequency(Generators.weight(3, pattern.list(0, 8)), Generators.weight(1, pattern.list(50, 300)));
  }

  /** 1 to 40 namespaces over the same alphabet. */
  private static Generator<List<String>> randomNamespaces() {
    return Generators.strings(Generators.codePointsOf("ab-"), 0, 6).list(1, 40);
  }

  @Test
  void everyDecisionEqualsTheRuleScannedInOrder() {
    PropertyCheck.forAll(cases(randomPatterns(), randomNamespaces())).tries(2000)
        .check(c -> everyDecisionEqualsTheRule(c.allowed(), c.restricted(), c.subjects()));
  }

  private static void everyDecisionEqualsTheRule(List<String> allowed, List<String> restricted, List<String> namespaces) {
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

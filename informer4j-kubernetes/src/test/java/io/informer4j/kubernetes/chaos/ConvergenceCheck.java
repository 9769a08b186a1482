package io.informer4j.kubernetes.chaos;

import static io.informer4j.kubernetes.chaos.ChaosFixture.CONFIG_MAPS;

import io.informer4j.informer.InformerStatus;
import io.informer4j.testkit.chaos.Divergence;
import io.informer4j.testkit.chaos.ProxiedRequest;
import io.informer4j.testkit.chaos.ServerHistory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Compares the chaos suite's informers with the server: each cache and each handler's view against
 * the server's objects, each status's stale keys against what really differs, and, at the end, each
 * handler's notifications against the server's history.
 */
final class ConvergenceCheck {

  /** How strict a check is. */
  enum Rule {
    /**
     * Keys an informer reports stale may differ (older version, or none); every key it reports must
     * really differ; everything else must be equal.
     */
    STALE_REPORTED,
    /** Everything equal, nothing reported stale. */
    EXACT,
    /** {@link #EXACT}, and every notification explained by the server's history. */
    EXACT_AND_EXPLAINED
  }

  private final String context;
  private final ChaosFixture fixture;
  private final List<WatchedInformer<?>> informers;
  private final ServerHistory history;

  ConvergenceCheck(String context, ChaosFixture fixture, List<WatchedInformer<?>> informers, ServerHistory history) {
    this.context = context;
    this.fixture = fixture;
    this.informers = List.copyOf(informers);
    this.history = history;
  }

  /** Returns the keys the informers report stale now. */
  Set<String> staleKeys() {
    Set<String> stale = new TreeSet<>();
    informers.forEach(w -> stale.addAll(w.informer.status().staleKeys()));
    return stale;
  }

  /**
   * Asserts that the informers agree with the server under {@code rule}.
   *
   * @throws AssertionError with the whole story: the schedule, every divergence, every status
   */
  void assertAgree(Rule rule) {
    Map<String, String> truth = new TreeMap<>();
    fixture.api.snapshot(CONFIG_MAPS.type()).forEach((key, object) -> truth.put(key, object.resourceVersion()));
    List<String> problems = new ArrayList<>();
    for (WatchedInformer<?> watched : informers) {
      InformerStatus status = watched.informer.status();
      Set<String> allowed = rule == Rule.STALE_REPORTED ? Set.copyOf(status.staleKeys()) : Set.of();
      Map<String, String> cache = watched.cache();
      Divergence cacheDivergence = Divergence.of(watched.name, cache, truth, allowed);
      Divergence view = Divergence.of(watched.name + "'s handler", watched.view.view(), truth, allowed);
      if (rule == Rule.EXACT_AND_EXPLAINED) {
        view = view.withDeletesOf(watched.view.log(), truth).withHistoryOf(watched.view.log(), history);
      }
      for (Divergence divergence : List.of(cacheDivergence, view)) {
        if (!divergence.isEmpty()) {
          problems.add(divergence.toString());
        }
      }
      if (rule == Rule.STALE_REPORTED && status.staleObjects() > status.staleKeys().size()) {
        problems.add(watched.name + " reports " + status.staleObjects() + " stale objects but names only " + status.staleKeys());
      }
      if (rule == Rule.STALE_REPORTED) {
        Set<String> falselyStale = new TreeSet<>(status.staleKeys());
        falselyStale.removeIf(key -> truth.containsKey(key) && !truth.get(key).equals(cache.get(key)));
        if (!falselyStale.isEmpty()) {
          problems.add(watched.name + " reports keys stale that equal the server or are gone from it: " + falselyStale);
        }
      } else if (status.staleObjects() != 0) {
        problems.add(watched.name + " still reports " + status.staleObjects() + " stale objects " + status.staleKeys());
      }
    }
    if (problems.isEmpty()) {
      return;
    }
    StringBuilder report = new StringBuilder(context).append("\n").append(rule).append(" failed:");
    problems.forEach(problem -> report.append("\n  ").append(problem));
    informers.forEach(w -> report.append("\n  ").append(w.statusLine()));
    report.append("\n  proxy: ").append(fixture.proxy.requestCount(ProxiedRequest::isWatch)).append(" watches, ")
        .append(fixture.proxy.requestCount(r -> r.isRead() && r.path().endsWith("/configmaps"))).append(" lists, ")
        .append(fixture.proxy.acceptedConnections()).append(" connections");
    throw new AssertionError(report.toString());
  }
}

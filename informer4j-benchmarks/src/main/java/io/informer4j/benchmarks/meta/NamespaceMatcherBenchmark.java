package io.informer4j.benchmarks.meta;

import io.informer4j.meta.NamespaceDecision;
import io.informer4j.meta.NamespaceMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The cost of one {@link NamespaceMatcher#decide(String)} with {@code names} exact allowed names
 * ({@code ns-0}, {@code ns-1}, …) plus the patterns {@code team-*} and {@code *-prod} allowed and
 * {@code kube-*} and {@code ns-7} restricted. Each benchmark cycles through {@value #SAMPLES}
 * namespaces of one outcome: an allowed exact name, a name allowed by a pattern, a restricted name,
 * and a name no allowed pattern matches (whose decision names the closest allowed pattern).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class NamespaceMatcherBenchmark {

  private static final int SAMPLES = 1024;

  /** How many exact names the allow-list holds. */
  @Param({"1000", "10000", "100000"})
  public int names;

  private NamespaceMatcher matcher;
  private String[] exact;
  private String[] byPattern;
  private String[] restricted;
  private String[] notAllowed;
  private int next;

  /** Builds the matcher and the namespaces each benchmark asks about. */
  @Setup(Level.Trial)
  public void build() {
    List<String> allowed = new ArrayList<>(names + 2);
    for (int i = 0; i < names; i++) {
      allowed.add("ns-" + i);
    }
    allowed.add("team-*");
    allowed.add("*-prod");
    matcher = NamespaceMatcher.of(allowed, List.of("kube-*", "ns-7"));
    exact = new String[SAMPLES];
    byPattern = new String[SAMPLES];
    restricted = new String[SAMPLES];
    notAllowed = new String[SAMPLES];
    for (int i = 0; i < SAMPLES; i++) {
      exact[i] = "ns-" + (i * 7919 % names == 7 ? 8 : i * 7919 % names);
      byPattern[i] = i % 2 == 0 ? "team-" + i : "shop-" + i + "-prod";
      restricted[i] = "kube-" + i;
      notAllowed[i] = "ns-" + (names + i);
    }
  }

  private String take(String[] namespaces) {
    next = (next + 1) & (SAMPLES - 1);
    return namespaces[next];
  }

  /** Decides an allowed exact name. */
  @Benchmark
  public NamespaceDecision allowedExact() {
    return matcher.decide(take(exact));
  }

  /** Decides a name allowed by {@code team-*} or {@code *-prod}. */
  @Benchmark
  public NamespaceDecision allowedByPattern() {
    return matcher.decide(take(byPattern));
  }

  /** Decides a name {@code kube-*} restricts. */
  @Benchmark
  public NamespaceDecision restricted() {
    return matcher.decide(take(restricted));
  }

  /** Decides a name nothing allows, with the closest allowed pattern. */
  @Benchmark
  public NamespaceDecision notAllowed() {
    return matcher.decide(take(notAllowed));
  }
}

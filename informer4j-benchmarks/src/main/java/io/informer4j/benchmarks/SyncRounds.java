package io.informer4j.benchmarks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sync times of a round-based tool: prints each as it is recorded and, per name, the median of
 * the rounds after the first {@value #WARM_UP_ROUNDS} (compilation), or of the last round when
 * there are no more. Not thread-safe.
 */
public final class SyncRounds {

  /** Rounds left out of the medians. */
  public static final int WARM_UP_ROUNDS = 2;

  private final Map<String, List<Long>> millisByName = new LinkedHashMap<>();

  /** Prints and keeps one sync of {@code name} in {@code round}. */
  public void record(int round, String name, long millis) {
    System.out.println("round " + round + " " + name + ": " + millis + " ms");
    millisByName.computeIfAbsent(name, n -> new ArrayList<>()).add(millis);
  }

  /** Prints each name's median line: {@code MEDIAN <name> (rounds <first>–<last>): <ms> ms}. */
  public void printMedians() {
    millisByName.forEach((name, millis) -> {
      List<Long> warm = millis.subList(Math.min(WARM_UP_ROUNDS, millis.size() - 1), millis.size()).stream().sorted()
          .toList();
      System.out.println("MEDIAN " + name + " (rounds " + WARM_UP_ROUNDS + "–" + (millis.size() - 1) + "): "
          + warm.get(warm.size() / 2) + " ms");
    });
  }
}

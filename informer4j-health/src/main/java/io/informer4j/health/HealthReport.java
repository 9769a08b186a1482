package io.informer4j.health;

import java.util.List;

/**
 * The verdict of a health or readiness check, with the reasons when it failed.
 *
 * @param ok       true when healthy or ready
 * @param problems one line per problem; empty when ok
 */
public record HealthReport(boolean ok, List<String> problems) {

  /** Copies the problems. */
  public HealthReport {
    problems = List.copyOf(problems);
  }

  /** Returns the plain-text body served: {@code ok}, or one problem per line. */
  public String body() {
    return ok ? "ok\n" : String.join("\n", problems) + "\n";
  }
}

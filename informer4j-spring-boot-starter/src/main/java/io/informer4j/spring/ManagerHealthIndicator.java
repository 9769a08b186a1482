package io.informer4j.spring;

import io.informer4j.health.HealthReport;
import java.util.Objects;
import java.util.function.Supplier;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * An actuator health indicator over one of informer4j-health's verdicts (liveness or readiness of
 * the manager): UP when it is ok, else DOWN with the verdict's problems as the detail
 * {@code problems}. Thread-safe; each call judges a fresh snapshot.
 */
final class ManagerHealthIndicator implements HealthIndicator {

  private final Supplier<HealthReport> verdict;

  ManagerHealthIndicator(Supplier<HealthReport> verdict) {
    this.verdict = Objects.requireNonNull(verdict, "verdict");
  }

  @Override
  public Health health() {
    HealthReport report = verdict.get();
    return (report.ok() ? Health.up() : Health.down()).withDetail("problems", report.problems()).build();
  }
}

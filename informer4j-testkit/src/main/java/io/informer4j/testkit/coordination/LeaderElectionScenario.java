package io.informer4j.testkit.coordination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.controller.Controller;
import io.informer4j.controller.Result;
import io.informer4j.coordination.LeaderElection;
import io.informer4j.coordination.LeaseTiming;
import io.informer4j.informer.InformerRuntime;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

/**
 * The leader-election acceptance scenario, the same on every backend: three candidates, each with a
 * controller gated by its leadership and fed work continuously; exactly one leads and reconciles; the
 * leader is cut off from the backend; its workers stop before another candidate starts reconciling,
 * and another leads within the lease duration plus the renew deadline (plus a margin). Not
 * thread-safe; close it to stop everything.
 */
public final class LeaderElectionScenario implements AutoCloseable {

  private static final Duration WAIT = Duration.ofSeconds(30);

  /** A started candidate's election and how to cut it off from the backend and how to stop it. */
  public record Candidate(LeaderElection<String> election, Runnable cutOff, Runnable stop) {

    /** Returns a candidate cut off by closing {@code client}, stopped by closing the election, then the client. */
    public static Candidate closing(LeaderElection<String> election, AutoCloseable client) {
      Runnable close = () -> {
        try {
          client.close();
        } catch (Exception e) {
          throw new IllegalStateException("closing the client of " + election.leadership().identity() + " failed", e);
        }
      };
      return new Candidate(election, close, () -> {
        election.close();
        close.run();
      });
    }
  }

  private record Running(Candidate candidate, Controller<String> controller, InformerRuntime runtime) {
  }

  private final LeaseTiming timing;
  private final Function<String, Candidate> starter;
  private final ReconcileLog log = new ReconcileLog();
  private final Map<String, Running> running = new LinkedHashMap<>();
  private final ScheduledExecutorService feeder = Executors.newSingleThreadScheduledExecutor();

  /** Prepares the scenario with candidates made by {@code starter} (not yet started) and their timing. */
  public LeaderElectionScenario(LeaseTiming timing, Function<String, Candidate> starter) {
    this.timing = timing;
    this.starter = starter;
  }

  private void start(String identity) {
    Candidate candidate = starter.apply(identity);
    Controller<String> controller = Controller.<String>builder("elected-" + identity, item -> {
      long start = log.start(identity, "the-singleton-work");
      LockSupport.parkNanos(Duration.ofMillis(2).toNanos());
      log.end(identity, "the-singleton-work", "", start);
      return Result.done();
    }).gate(candidate.election().leadership()).build();
    controller.start();
    InformerRuntime runtime = InformerRuntime.create("election-" + identity);
    candidate.election().start(runtime);
    running.put(identity, new Running(candidate, controller, runtime));
    feeder.scheduleWithFixedDelay(() -> controller.queue().add("work"), 0, 10, TimeUnit.MILLISECONDS);
  }

  private List<String> leaders() {
    return running.entrySet().stream().filter(e -> e.getValue().candidate().election().leadership().isLeading())
        .map(Map.Entry::getKey).toList();
  }

  /** Runs the scenario; returns the time from the cut-off to the new leader's first reconcile. */
  public Duration run() {
    List.of("candidate-a", "candidate-b", "candidate-c").forEach(this::start);
    await().atMost(WAIT).until(() -> leaders().size() == 1);
    String first = leaders().get(0);
    await().atMost(WAIT).until(() -> running.values().stream()
        .allMatch(r -> r.candidate().election().leadership().leader().equals(first)));
    await().atMost(WAIT).until(() -> log.keysReconciledBy(first).size() == 1);

    long cutAt = System.nanoTime();
    running.get(first).candidate().cutOff().run();
    await().atMost(WAIT).until(() -> leaders().stream().anyMatch(l -> !l.equals(first)));
    String second = leaders().stream().filter(l -> !l.equals(first)).findFirst().orElseThrow();
    await().atMost(WAIT).until(() -> log.firstStartBy(second, cutAt) != Long.MAX_VALUE);

    long secondStarted = log.firstStartBy(second, cutAt);
    assertThat(log.lastStartBy(first)).as("the cut-off leader's last reconcile started before the new leader's first")
        .isLessThan(secondStarted);
    Duration takeover = Duration.ofNanos(secondStarted - cutAt);
    assertThat(takeover).as("takeover within the lease duration plus the renew deadline and a margin")
        .isLessThan(timing.leaseDuration().plus(timing.renewDeadline()).plusSeconds(5));
    assertThat(running.get(first).candidate().election().leadership().isLeading()).isFalse();
    assertThat(log.overlaps(0)).isEmpty();
    assertThat(running.get(second).candidate().election().leadership().status()).containsEntry("role", "leader")
        .containsEntry("leader", second);
    return takeover;
  }

  /** Stops the feeder, every controller and candidate. */
  @Override
  public void close() {
    feeder.shutdownNow();
    running.values().forEach(r -> {
      r.controller().stop(Duration.ofSeconds(5));
      r.candidate().stop().run();
      r.runtime().close();
    });
    running.clear();
  }
}

package io.informer4j.kubernetes.chaos;

import io.informer4j.testkit.chaos.CannedResponse;
import io.informer4j.testkit.chaos.ConnectionFault;
import io.informer4j.testkit.chaos.EventFault;
import io.informer4j.testkit.chaos.ProxiedRequest;
import io.informer4j.testkit.chaos.Truncation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A random sequence of faults over a time window, drawn from a seed: network faults of the proxy's
 * connections (cuts, stalls, black holes, refused connections, garbage, truncation), protocol
 * faults of its HTTP traffic (lists cut short, half and corrupted and split watch events, 410, 429,
 * 403 and 5xx answers) and compaction on the server. Each step says what it did when it runs.
 */
final class FaultSchedule {

  private static final Predicate<ProxiedRequest> LISTS = r -> r.isRead() && r.path().endsWith("/configmaps");
  private static final Predicate<ProxiedRequest> WATCHES = ProxiedRequest::isWatch;
  private static final Predicate<ProxiedRequest> LISTS_AND_WATCHES = r -> r.path().endsWith("/configmaps");

  /**
   * One fault.
   *
   * @param at     when, from the start of the window
   * @param action applies it and says what it did
   */
  record Step(Duration at, Function<ChaosFixture, String> action) {
  }

  private final List<Step> steps;

  private FaultSchedule(List<Step> steps) {
    this.steps = List.copyOf(steps);
  }

  /** Draws 4–10 faults at random times within {@code window}. */
  static FaultSchedule random(Random random, Duration window) {
    List<Step> steps = new ArrayList<>();
    int faults = 4 + random.nextInt(7);
    for (int i = 0; i < faults; i++) {
      Duration at = Duration.ofMillis((long) (random.nextDouble() * window.toMillis()));
      steps.addAll(fault(random, at));
    }
    steps.sort(Comparator.comparing(Step::at));
    return new FaultSchedule(steps);
  }

  /**
   * Runs the steps at their times and returns once the window is over; returns what each step did,
   * as {@code "+123 ms: cut 3 open connections"}.
   */
  List<String> run(ChaosFixture fixture, Duration window) throws InterruptedException {
    List<String> done = new ArrayList<>();
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(task -> {
      Thread thread = new Thread(task, "chaos-faults");
      thread.setDaemon(true);
      return thread;
    });
    try {
      for (Step step : steps) {
        timer.schedule(() -> {
          String what = step.action().apply(fixture);
          synchronized (done) {
            done.add("+" + step.at().toMillis() + " ms: " + what);
          }
        }, step.at().toMillis(), TimeUnit.MILLISECONDS);
      }
      timer.schedule(() -> { }, window.toMillis(), TimeUnit.MILLISECONDS).get(window.toMillis() + 10_000, TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("the fault schedule did not run through", e);
    } finally {
      timer.shutdown();
      timer.awaitTermination(10, TimeUnit.SECONDS);
    }
    synchronized (done) {
      return List.copyOf(done);
    }
  }

  private static List<Step> fault(Random random, Duration at) {
    int dice = random.nextInt(100);
    if (dice < 12) {
      return List.of(step(at, f -> "cut " + f.proxy.applyToOpen(ConnectionFault.cut()) + " open connections"));
    }
    if (dice < 20) {
      Duration stall = Duration.ofMillis(100 + random.nextInt(900));
      return List.of(step(at, f -> "stalled " + f.proxy.applyToOpen(ConnectionFault.stall(stall)) + " open connections for "
          + stall.toMillis() + " ms"));
    }
    if (dice < 25) {
      return List.of(step(at, f -> "black-holed " + f.proxy.applyToOpen(ConnectionFault.blackHole()) + " open connections"));
    }
    if (dice < 29) {
      int times = 1 + random.nextInt(2);
      return List.of(step(at, f -> {
        f.proxy.applyToNew(ConnectionFault.blackHole(), times);
        return "black-holing the next " + times + " new connections";
      }));
    }
    if (dice < 33) {
      int times = 1 + random.nextInt(3);
      return List.of(step(at, f -> {
        f.proxy.applyToNew(ConnectionFault.cut(), times);
        return "cutting the next " + times + " new connections at once";
      }));
    }
    if (dice < 40) {
      Duration down = Duration.ofMillis(100 + random.nextInt(700));
      return List.of(step(at, f -> {
        f.proxy.refuseConnections();
        return "refusing connections";
      }), step(at.plus(down), f -> {
        f.proxy.acceptConnections();
        return "accepting connections again after " + down.toMillis() + " ms";
      }));
    }
    if (dice < 46) {
      int bytes = 1 + random.nextInt(64);
      return List.of(step(at, f -> "wrote " + bytes + " random bytes into " + f.proxy.applyToOpen(ConnectionFault.garbage(bytes))
          + " open connections"));
    }
    if (dice < 50) {
      long bytes = random.nextInt(4000);
      return List.of(step(at, f -> "truncating " + f.proxy.applyToOpen(ConnectionFault.truncateAfter(bytes))
          + " open connections after " + bytes + " more bytes"));
    }
    if (dice < 56) {
      long bytes = random.nextInt(3000);
      Truncation how = random.nextBoolean() ? Truncation.RESET : Truncation.CLEAN_END;
      int times = 1 + random.nextInt(2);
      return List.of(step(at, f -> {
        f.proxy.truncateResponses(LISTS, bytes, how, times);
        return "ending the next " + times + " list bodies after " + bytes + " bytes (" + how + ")";
      }));
    }
    if (dice < 63) {
      return List.of(eventFault(at, EventFault.HALF, 1 + random.nextInt(2)));
    }
    if (dice < 69) {
      return List.of(eventFault(at, EventFault.CORRUPT_OBJECT, 1 + random.nextInt(2), "DELETED"));
    }
    if (dice < 75) {
      return List.of(eventFault(at, EventFault.CORRUPT_OBJECT, 1 + random.nextInt(2), "MODIFIED"));
    }
    if (dice < 79) {
      return List.of(eventFault(at, EventFault.SPLIT, 1 + random.nextInt(3)));
    }
    if (dice < 84) {
      return List.of(answer(at, WATCHES, "watch", CannedResponse.expired("too old resource version"), 1));
    }
    if (dice < 87) {
      return List.of(answer(at, LISTS_AND_WATCHES, "list or watch", CannedResponse.tooManyRequests(Duration.ofSeconds(1)), 1));
    }
    if (dice < 92) {
      int code = random.nextBoolean() ? 500 : 503;
      return List.of(answer(at, LISTS_AND_WATCHES, "list or watch", CannedResponse.serverError(code), 1 + random.nextInt(2)));
    }
    if (dice < 94) {
      return List.of(answer(at, LISTS, "list",
          CannedResponse.kubernetesStatus(403, "Forbidden", "configmaps is forbidden: User \"chaos\" cannot list"), 1));
    }
    return List.of(step(at, f -> {
      f.api.compact();
      return "compacted the server's history";
    }));
  }

  private static Step eventFault(Duration at, EventFault fault, int times, String... types) {
    return step(at, f -> {
      f.proxy.faultEvents(fault, times, types);
      return fault + " on the next " + times + " " + (types.length == 0 ? "" : String.join("/", types) + " ") + "events";
    });
  }

  private static Step answer(Duration at, Predicate<ProxiedRequest> which, String what, CannedResponse response, int times) {
    return step(at, f -> {
      f.proxy.answer(which, response, times);
      return "answering the next " + times + " " + what + " with " + response.status();
    });
  }

  private static Step step(Duration at, Function<ChaosFixture, String> action) {
    return new Step(at, action);
  }

  /** Returns how many faults (steps) the schedule has. */
  int size() {
    return steps.size();
  }
}

package io.informer4j.testkit;

import io.informer4j.meta.TypeKey;
import io.informer4j.source.ExpiredException;
import io.informer4j.source.TooManyRequestsException;
import io.informer4j.source.TransientSourceException;
import java.time.Duration;
import java.util.Objects;
import java.util.Random;

/**
 * A random schedule of creates, updates and deletes over several namespaces, mixed with every kind
 * of fault a {@link SimulatedApi} can inject: clean and broken watch closes, cut watches, expired
 * errors, compactions, restarts, throttled and failed requests, refused connections, malformed
 * events. Deterministic for a given {@link Random} seed (the server's timing is not). Writes go
 * through a {@link ConvergenceChecker}. Not thread-safe.
 */
public final class FaultyWorkload {

  private final SimulatedApi api;
  private final TypeKey type;
  private final ConvergenceChecker checker;
  private final Random random;
  private final int namespaces;
  private final int names;
  private int refusedSteps;

  /**
   * @param namespaces how many namespaces objects are spread over (at least 5 for a real test)
   * @param names      how many names per namespace
   */
  public FaultyWorkload(SimulatedApi api, TypeKey type, ConvergenceChecker checker, Random random, int namespaces,
                        int names) {
    this.api = Objects.requireNonNull(api, "api");
    this.type = Objects.requireNonNull(type, "type");
    this.checker = Objects.requireNonNull(checker, "checker");
    this.random = Objects.requireNonNull(random, "random");
    this.namespaces = namespaces;
    this.names = names;
  }

  /** Runs {@code steps} random steps, about one in six a fault. */
  public void run(int steps) {
    for (int i = 0; i < steps; i++) {
      if (random.nextInt(6) == 0) {
        fault();
      } else {
        write();
      }
      if (refusedSteps > 0 && --refusedSteps == 0) {
        api.faults().acceptConnections();
      }
    }
  }

  /** Removes every standing fault, so the informer can converge. */
  public void heal() {
    api.faults().clear();
    refusedSteps = 0;
  }

  private void write() {
    String namespace = "ns-" + random.nextInt(namespaces);
    String name = "obj-" + random.nextInt(names);
    int choice = random.nextInt(10);
    if (choice < 3) {
      checker.delete(namespace, name);
    } else {
      checker.upsert(SimObject.of(namespace, name).withLabel("step", Integer.toString(random.nextInt(1000)))
          .withContentAt("spec.value", random.nextInt()));
    }
  }

  private void fault() {
    switch (random.nextInt(11)) {
      case 0 -> api.faults().closeAllWatches();
      case 1 -> api.faults().dropAllWatches();
      case 2 -> api.faults().injectError(type, new ExpiredException("too old resource version (simulated)"));
      case 3 -> api.compact();
      case 4 -> api.faults().restart(random.nextBoolean());
      case 5 -> api.faults().failNextLists(1 + random.nextInt(2),
          () -> new TooManyRequestsException("simulated throttling", Duration.ofMillis(1 + random.nextInt(5))));
      case 6 -> api.faults().failNextRequests(1 + random.nextInt(3), () -> new TransientSourceException(
          "simulated internal error", TransientSourceException.Reason.INTERNAL_ERROR, 500, null));
      case 7 -> {
        api.faults().refuseConnections();
        refusedSteps = 1 + random.nextInt(4);
      }
      case 8 -> api.faults().cutWatchesAfter(1 + random.nextInt(5));
      case 9 -> api.faults().deliverNamelessObject(type);
      case 10 -> api.faults().deliverUndecodableEvent(type);
      default -> throw new AssertionError();
    }
  }
}

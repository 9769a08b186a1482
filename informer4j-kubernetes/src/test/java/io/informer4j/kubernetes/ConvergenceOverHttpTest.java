package io.informer4j.kubernetes;

import static io.informer4j.kubernetes.TestServerFixture.CONFIG_MAPS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.informer.EventHandler;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.source.ExpiredException;
import io.informer4j.source.TooManyRequestsException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.testkit.SimObject;
import java.time.Duration;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The convergence-under-faults test through HTTP: random writes interleaved with random faults
 * (dropped and cleanly closed watches, compaction, 410 ERROR events, server restarts with a fresh
 * watch cache, failing lists and throttled watches), over chunked HTTP or WebSocket, with watch-list
 * on or off; once the faults stop, the cache and what a handler last saw equal the server's truth.
 * Each schedule has a fixed seed, named in the test's display name and in any failure.
 */
class ConvergenceOverHttpTest {

  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final int STEPS = 60;

  static LongStream seeds() {
    return LongStream.range(1, 31).map(i -> 7919 * i);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void convergesAfterRandomFaults(long seed) {
    Random random = new Random(seed);
    WatchTransport transport = random.nextBoolean() ? WatchTransport.HTTP_STREAM : WatchTransport.WEBSOCKET;
    boolean watchList = random.nextBoolean();
    try (TestServerFixture fixture = new TestServerFixture(b -> b.historyLimit(40), transport)) {
      Map<String, String> seen = new ConcurrentHashMap<>();
      SharedIndexInformer<ConfigMap> informer = Informers.configMaps(fixture.backend)
          .watchList(watchList).pageSize(random.nextBoolean() ? 0 : 3).build();
      informer.addEventHandler(new LastStateHandler(seen));
      informer.start();
      try {
        for (int step = 0; step < STEPS; step++) {
          act(fixture, random);
        }
        fixture.api.faults().clear();
        String context = "seed " + seed + " (" + transport + ", watchList " + watchList + ")";
        await(context).atMost(WAIT).untilAsserted(() -> {
          Map<String, String> truth = truth(fixture);
          assertThat(Informers.versions(informer)).as("cache, " + context).isEqualTo(truth);
          assertThat(new TreeMap<>(seen)).as("handler's last states, " + context).isEqualTo(truth);
        });
      } finally {
        informer.stop();
      }
    }
  }

  private static void act(TestServerFixture fixture, Random random) {
    String namespace = "ns-" + random.nextInt(3);
    String name = "cm-" + random.nextInt(8);
    int choice = random.nextInt(100);
    if (choice < 45) {
      fixture.api.upsert(CONFIG_MAPS.type(), SimObject.of(namespace, name).withContentAt("data.v", Integer.toString(random.nextInt())));
    } else if (choice < 65) {
      if (fixture.api.get(CONFIG_MAPS.type(), namespace, name).isPresent()) {
        fixture.api.delete(CONFIG_MAPS.type(), namespace, name);
      }
    } else if (choice < 71) {
      fixture.api.faults().dropAllWatches();
    } else if (choice < 76) {
      fixture.api.faults().closeAllWatches();
    } else if (choice < 81) {
      fixture.api.compact();
    } else if (choice < 85) {
      fixture.api.faults().injectError(CONFIG_MAPS.type(), new ExpiredException("too old resource version"));
    } else if (choice < 89) {
      fixture.api.faults().restart(true);
    } else if (choice < 93) {
      fixture.api.faults().failNextLists(1, () -> new TransientSourceException("etcd unavailable",
          TransientSourceException.Reason.UNAVAILABLE));
    } else if (choice < 97) {
      fixture.api.faults().failNextWatches(1, () -> new TooManyRequestsException("slow down", Duration.ofMillis(50)));
    } else {
      fixture.api.faults().failNextWatches(1, () -> new TransientSourceException("internal error",
          TransientSourceException.Reason.INTERNAL_ERROR));
    }
  }

  private static Map<String, String> truth(TestServerFixture fixture) {
    Map<String, String> truth = new TreeMap<>();
    fixture.api.snapshot(CONFIG_MAPS.type()).values()
        .forEach(o -> truth.put(o.namespace() + "/" + o.name(), o.resourceVersion()));
    return truth;
  }

  /** Remembers the last state a handler saw of each object; a delete (or tombstone) forgets it. */
  private record LastStateHandler(Map<String, String> seen) implements EventHandler<ConfigMap> {
    @Override
    public void onAdd(ConfigMap object, boolean inInitialList) {
      seen.put(key(object), object.getMetadata().getResourceVersion());
    }

    @Override
    public void onUpdate(ConfigMap oldObject, ConfigMap newObject) {
      seen.put(key(newObject), newObject.getMetadata().getResourceVersion());
    }

    @Override
    public void onDelete(ConfigMap lastState, boolean finalStateUnknown) {
      seen.remove(key(lastState));
    }

    private static String key(ConfigMap object) {
      return object.getMetadata().getNamespace() + "/" + object.getMetadata().getName();
    }
  }
}

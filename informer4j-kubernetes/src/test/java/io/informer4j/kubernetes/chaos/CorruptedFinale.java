package io.informer4j.kubernetes.chaos;

import static io.informer4j.kubernetes.chaos.ChaosFixture.CONFIG_MAPS;
import static org.awaitility.Awaitility.await;

import io.informer4j.meta.ObjectKey;
import io.informer4j.testkit.chaos.EventFault;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.awaitility.core.ConditionTimeoutException;

/**
 * The last writes of a schedule, after the writers stopped and before the proxy heals: a few
 * updates and deletes whose watch events the proxy corrupts. Nothing writes those keys afterwards,
 * so a corrupted update leaves its key stale for good (until the suite rewrites it), and a
 * corrupted delete must still remove the object. The events are corrupted only if a watch is open
 * through the proxy at that moment; the finale waits a little for the informers to count them and
 * says how many they did.
 */
final class CorruptedFinale {

  private static final Duration SEEN = Duration.ofSeconds(2);

  private CorruptedFinale() {
  }

  /** Runs the finale; returns what it did, for the schedule's story. */
  static String run(ChaosFixture fixture, Writers writers, List<WatchedInformer<?>> informers, Random random) {
    int wantedUpdates = 1 + random.nextInt(3);
    int wantedDeletes = random.nextInt(2);
    List<ObjectKey> existing = new ArrayList<>();
    fixture.api.snapshot(CONFIG_MAPS.type()).keySet().forEach(key -> existing.add(ObjectKey.parse(key)));
    Collections.shuffle(existing, random);
    int updates = Math.min(existing.size(), wantedUpdates);
    int deletes = Math.min(existing.size() - updates, wantedDeletes);
    long[] malformedBefore = informers.stream().mapToLong(w -> w.informer.status().malformed()).toArray();
    // each informer has its own watch stream, which carries its own copy of every event
    fixture.proxy.faultEvents(EventFault.CORRUPT_OBJECT, updates * informers.size(), "MODIFIED");
    if (deletes > 0) {
      fixture.proxy.faultEvents(EventFault.CORRUPT_OBJECT, deletes * informers.size(), "DELETED");
    }
    existing.subList(0, updates).forEach(writers::touch);
    existing.subList(updates, updates + deletes).forEach(writers::delete);
    int expected = updates + deletes;
    try {
      await().atMost(SEEN).pollInterval(Duration.ofMillis(10)).until(() -> {
        for (int i = 0; i < informers.size(); i++) {
          if (informers.get(i).informer.status().malformed() - malformedBefore[i] < expected) {
            return false;
          }
        }
        return true;
      });
    } catch (ConditionTimeoutException e) {
      // a watch was not open through the proxy: the writes reach that informer intact, by a relist
    }
    StringBuilder seen = new StringBuilder();
    for (int i = 0; i < informers.size(); i++) {
      seen.append(i == 0 ? "" : ", ").append(informers.get(i).name).append(" counted ")
          .append(informers.get(i).informer.status().malformed() - malformedBefore[i]);
    }
    return "finale: " + updates + " corrupted updates " + existing.subList(0, updates) + ", " + deletes + " corrupted deletes "
        + existing.subList(updates, updates + deletes) + " (" + seen + " malformed)";
  }
}

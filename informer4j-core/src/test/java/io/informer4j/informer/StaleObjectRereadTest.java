package io.informer4j.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.meta.ObjectKey;
import io.informer4j.source.ListRequest;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.InformerTestSupport;
import io.informer4j.testing.Item;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An object a watch event left stale (its new state could not be read) is re-read by key from the
 * source and heals at once on a busy stream, not at the next list; re-reads are coalesced per key
 * and paced, and a readable state that arrives meanwhile wins over the re-read one.
 */
class StaleObjectRereadTest extends InformerTestSupport {

  @BeforeEach
  void cacheTwoObjects() {
    source.put(Item.of("ns", "a", "1"));
    source.put(Item.of("ns", "b", "1"));
  }

  private FakeSource.Watch start(SharedIndexInformer.Builder<Item> builder) throws InterruptedException {
    informer = builder.build();
    informer.start();
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    return source.lastWatch();
  }

  /** True when a thread is in a re-read (held in the source's list). */
  private static boolean aRereadIsUnderWay() {
    return Thread.getAllStackTraces().values().stream().anyMatch(stack -> java.util.Arrays.stream(stack)
        .anyMatch(frame -> frame.getClassName().endsWith("StaleObjectHealer") && frame.getMethodName().equals("reread")));
  }

  private static MalformedObjectException unreadable(String name, String version) {
    return new MalformedObjectException("cannot bind ns/" + name, ObjectKey.of("ns", name), WatchEventType.MODIFIED,
        version, null);
  }

  private String version(String key) {
    Item item = informer.indexer().get(key);
    return item == null ? "" : item.resourceVersion();
  }

  private long rereadsOf(String name) {
    return source.lists().stream().filter(request -> isReread(request, name)).count();
  }

  private static boolean isReread(ListRequest request, String name) {
    return request.selection().fields().exactValue("metadata.name").filter(name::equals).isPresent()
        && request.selection().namespace().equals("ns") && request.resourceVersion().isEmpty();
  }

  @Test
  void aStaleObjectOnABusyStreamIsReReadByKeyAndHealsAtOnce() throws InterruptedException {
    FakeSource.Watch watch = start(fixture.builder());
    source.put(Item.of("ns", "a", "5"));
    for (int i = 2; i < 200; i++) {
      watch.send(WatchEvent.modified(Item.of("ns", "b", Integer.toString(i))));
    }
    watch.listener().onMalformed(unreadable("a", "200"));
    for (int i = 201; i < 400; i++) {
      watch.send(WatchEvent.modified(Item.of("ns", "b", Integer.toString(i))));
    }

    await().atMost(Duration.ofSeconds(5))
        .until(() -> version("ns/a").equals("5"));
    assertThat(informer.status().staleObjects()).isZero();
    assertThat(version("ns/b")).isEqualTo("399");
    assertThat(rereadsOf("a")).isEqualTo(1);
    assertThat(source.lists()).as("no relist").hasSize(2);
    assertThat(source.watches()).hasSize(1);
  }

  @Test
  void rereadsAreCoalescedPerKeyAndPaced() throws InterruptedException {
    FakeSource.Watch watch = start(fixture.builder());
    CountDownLatch hold = new CountDownLatch(1);
    source.holdLists(hold);
    watch.listener().onMalformed(unreadable("a", "2"));
    watch.listener().onMalformed(unreadable("b", "3"));
    watch.listener().onMalformed(unreadable("b", "4"));
    hold.countDown();
    await().until(() -> rereadsOf("a") == 1);
    assertThat(rereadsOf("b")).as("paced: waits for the clock").isZero();

    fixture.clock.advance(Duration.ofMillis(100));
    await().until(() -> rereadsOf("b") == 1);
    fixture.clock.advance(Duration.ofSeconds(1));
    assertThat(rereadsOf("b")).as("coalesced").isEqualTo(1);
    await().until(() -> informer.status().staleObjects() == 0);
  }

  @Test
  void aReadableStateArrivingDuringTheRereadWins() throws InterruptedException {
    FakeSource.Watch watch = start(fixture.builder());
    CountDownLatch hold = new CountDownLatch(1);
    source.holdLists(hold);
    watch.listener().onMalformed(unreadable("a", "2"));
    await("the re-read is under way").until(StaleObjectRereadTest::aRereadIsUnderWay);
    watch.send(WatchEvent.modified(Item.of("ns", "a", "7")));
    hold.countDown();
    await().until(() -> rereadsOf("a") == 1);

    await().until(() -> version("ns/a").equals("7"));
    watch.send(WatchEvent.modified(Item.of("ns", "b", "8")));
    await().until(() -> version("ns/b").equals("8"));
    assertThat(version("ns/a")).as("the re-read a@1 is not applied").isEqualTo("7");
  }

  @Test
  void rereadsCanBeTurnedOff() throws InterruptedException {
    FakeSource.Watch watch = start(fixture.builder().rereadStaleObjects(false));
    watch.listener().onMalformed(unreadable("a", "2"));
    await().until(() -> informer.status().staleObjects() == 1);
    fixture.clock.advance(Duration.ofSeconds(1));
    assertThat(rereadsOf("a")).isZero();
    assertThat(informer.status().staleObjects()).isEqualTo(1);
  }
}

package io.informer4j.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.source.ForbiddenException;
import io.informer4j.source.WatchEvent;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.InformerTestSupport;
import io.informer4j.testing.Item;
import io.informer4j.testing.RecordingHandler;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Bad input and bad handlers are contained; failure and stop are never silent. */
class InformerRobustnessTest extends InformerTestSupport {


  private FakeSource.Watch startAndWatch(SharedIndexInformer.Builder<Item> builder) throws InterruptedException {
    informer = builder.build();
    informer.start();
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    await().until(() -> source.watches().size() == 1);
    return source.lastWatch();
  }

  @Test
  void aThrowingHandlerIsCountedAndDeliveryGoesOn() throws InterruptedException {
    informer = fixture.builder().build();
    AtomicInteger calls = new AtomicInteger();
    HandlerRegistration throwing = informer.addEventHandler(new EventHandler<>() {
      @Override
      public void onAdd(Item object, boolean initial) {
        calls.incrementAndGet();
        if (object.name().equals("bad")) {
          throw new IllegalStateException("handler bug");
        }
      }
    }, HandlerOptions.named("throwing"));
    RecordingHandler sibling = new RecordingHandler();
    informer.addEventHandler(sibling, HandlerOptions.named("sibling"));
    informer.start();
    await().until(() -> source.watches().size() == 1);
    source.lastWatch().send(WatchEvent.added(Item.of("ns", "bad", "2")));
    source.lastWatch().send(WatchEvent.added(Item.of("ns", "good", "3")));
    await().until(() -> calls.get() == 2 && sibling.size() == 2);
    assertThat(throwing.failures()).isEqualTo(1);
    assertThat(informer.status().handlerFailures()).isEqualTo(1);
  }

  @Test
  void aSlowHandlerDoesNotDelayItsSibling() throws InterruptedException {
    FakeSource.Watch watch = startAndWatch(fixture.builder());
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger slowSeen = new AtomicInteger();
    informer.addEventHandler(new EventHandler<>() {
      @Override
      public void onAdd(Item object, boolean initial) {
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        slowSeen.incrementAndGet();
      }
    }, HandlerOptions.named("slow"));
    RecordingHandler fast = new RecordingHandler();
    informer.addEventHandler(fast, HandlerOptions.named("fast"));
    try {
      for (int i = 0; i < 20; i++) {
        watch.send(WatchEvent.added(Item.of("ns", "o" + i, Integer.toString(10 + i))));
      }
      await().atMost(Duration.ofSeconds(60)).until(() -> fast.size() == 20);
      assertThat(slowSeen.get()).as("the slow handler is still stuck in its first event").isZero();
    } finally {
      release.countDown();
    }
    await().atMost(Duration.ofSeconds(60)).until(() -> slowSeen.get() == 20);
  }

  @Test
  void anObjectWithoutANameIsSkippedCountedAndHarmless() throws InterruptedException {
    FakeSource.Watch watch = startAndWatch(fixture.builder());
    watch.send(WatchEvent.added(Item.of("ns", "", "2")));
    watch.send(WatchEvent.added(Item.of("ns", "fine", "3")));
    await().until(() -> informer.indexer().size() == 1);
    assertThat(informer.status().malformed()).isEqualTo(1);
    assertThat(informer.status().staleObjects()).isZero();
    assertThat(informer.lastSyncResourceVersion()).isEqualTo("3");
    assertThat(informer.state()).isEqualTo(InformerState.WATCHING);
    assertThat(source.watches()).hasSize(1);
  }

  @Test
  void theTransformRunsBeforeTheCacheAndAThrowingOneSkipsOnlyThatObject() throws InterruptedException {
    FakeSource.Watch watch = startAndWatch(fixture.builder().transform(item -> {
      if (item.name().equals("poison")) {
        throw new IllegalArgumentException("cannot transform");
      }
      return item.withData("");
    }));
    watch.send(WatchEvent.added(Item.of("ns", "poison", "2")));
    watch.send(WatchEvent.added(Item.of("ns", "a", "3").withData("payload")));
    await().until(() -> informer.indexer().size() == 1);
    assertThat(informer.indexer().get("ns/a").data()).isEmpty();
    assertThat(informer.status().malformed()).isEqualTo(1);
  }

  @Test
  void indexesAddedWhileRunningAreBackFilledAndKeptUpToDate() throws InterruptedException {
    source.put(Item.of("ns", "a", "1").withLabels(Map.of("app", "web")));
    FakeSource.Watch watch = startAndWatch(fixture.builder());
    informer.addIndexers(Map.of("app", i -> List.of(i.labels().getOrDefault("app", ""))));
    assertThat(informer.indexer().indexKeys("app", "web")).containsExactly("ns/a");
    watch.send(WatchEvent.added(Item.of("ns", "b", "2").withLabels(Map.of("app", "web"))));
    await().until(() -> informer.indexer().indexKeys("app", "web").size() == 2);
  }

  @Test
  void aRetryPolicyThatGivesUpFailsTheInformerLoudly() {
    source.failNextList(new ForbiddenException("configmaps is forbidden: User cannot list"));
    informer = fixture.builder().retryPolicy((error, synced, failures) -> !(error instanceof ForbiddenException)).build();
    informer.start();
    assertThatThrownBy(() -> informer.stopped().join()).isInstanceOf(CompletionException.class)
        .hasCauseInstanceOf(InformerFailedException.class)
        .hasRootCauseInstanceOf(ForbiddenException.class);
    assertThat(informer.state()).isEqualTo(InformerState.FAILED);
    assertThat(informer.synced()).isCompletedExceptionally();
    assertThat(informer.status().lastError()).contains("forbidden");
  }

  @Test
  void stoppingEndsEveryThreadOfAnInformerThatOwnsItsRuntime() throws Exception {
    source.put(Item.of("ns", "a", "1"));
    informer = SharedIndexInformer.builder(source, Item.ADAPTER).name("owner").watchList(false).build();
    informer.addEventHandler(new RecordingHandler(), HandlerOptions.named("h"));
    informer.start();
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    assertThat(threadsNamed("informer4j-owner")).isPositive();
    informer.stop();
    informer.stopped().get(60, TimeUnit.SECONDS);
    await().atMost(60, TimeUnit.SECONDS).until(() -> threadsNamed("informer4j-owner") == 0);
    assertThat(informer.state()).isEqualTo(InformerState.STOPPED);
    assertThat(source.lastWatch().isClosedByClient()).isTrue();
    assertThatThrownBy(() -> informer.addEventHandler(new RecordingHandler())).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("has stopped");
    assertThatThrownBy(informer::start).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void closeWaitsUntilNoThreadRemains() throws Exception {
    informer = SharedIndexInformer.builder(source, Item.ADAPTER).name("closer").build();
    informer.start();
    await().until(() -> source.watches().size() == 1);
    assertThat(informer.stop(Duration.ofSeconds(5))).isTrue();
    assertThat(threadsNamed("informer4j-closer")).isZero();
  }

  private static long threadsNamed(String prefix) {
    return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith(prefix) && t.isAlive()).count();
  }
}

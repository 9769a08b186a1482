package io.informer4j.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** ThreadLeaks: the threads left since a snapshot, and how many cycles a leak test runs. */
class ThreadLeaksTest {

  @AfterEach
  void clearCycles() {
    System.clearProperty(ThreadLeaks.CYCLES);
  }

  @Test
  void aThreadStartedSinceTheSnapshotAndStillAliveIsLeft() throws InterruptedException {
    ThreadLeaks leaks = ThreadLeaks.since(thread -> thread.getName().equals("ignored-by-the-test"));
    CountDownLatch release = new CountDownLatch(1);
    Thread left = new Thread(() -> awaitQuietly(release), "left-by-the-test");
    Thread ignored = new Thread(() -> awaitQuietly(release), "ignored-by-the-test");
    left.start();
    ignored.start();
    try {
      assertThat(leaks.left()).containsExactly("left-by-the-test");
    } finally {
      release.countDown();
      left.join();
      ignored.join();
    }
    leaks.assertNoneLeft(Duration.ofSeconds(30));
  }

  @Test
  void cyclesAreTheTestsOwnUnlessThePropertySaysOtherwise() {
    assertThat(ThreadLeaks.cycles(30)).isEqualTo(30);

    System.setProperty(ThreadLeaks.CYCLES, " 500 ");
    assertThat(ThreadLeaks.cycles(30)).isEqualTo(500);
  }

  @Test
  void cyclesThatAreNoWholeNumberOfAtLeastOneAreRefused() {
    for (String value : new String[] {"0", "-3", "many"}) {
      System.setProperty(ThreadLeaks.CYCLES, value);
      assertThatThrownBy(() -> ThreadLeaks.cycles(30)).isInstanceOf(IllegalArgumentException.class)
          .hasMessage("informer4j.leak.cycles must be a whole number of at least 1: " + value);
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

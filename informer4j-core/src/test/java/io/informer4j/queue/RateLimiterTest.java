package io.informer4j.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RateLimiterTest {

  private static List<Duration> delays(RateLimiter<String> limiter, String item, int count) {
    List<Duration> delays = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      delays.add(limiter.when(item));
    }
    return delays;
  }

  private static Duration ms(long millis) {
    return Duration.ofMillis(millis);
  }

  @Test
  void exponentialDoublesPerFailureUpToTheCap() {
    RateLimiter<String> limiter = RateLimiter.exponential(ms(5), Duration.ofSeconds(1000));

    List<Duration> delays = delays(limiter, "a", 20);

    assertThat(delays.subList(0, 6)).containsExactly(ms(5), ms(10), ms(20), ms(40), ms(80), ms(160));
    assertThat(delays.get(17)).isEqualTo(ms(5L << 17));
    assertThat(delays.get(18)).as("5 ms * 2^18 > 1000 s: capped").isEqualTo(Duration.ofSeconds(1000));
    assertThat(delays.get(19)).isEqualTo(Duration.ofSeconds(1000));
    assertThat(limiter.numRequeues("a")).isEqualTo(20);
    assertThat(limiter.numRequeues("b")).isZero();
  }

  @Test
  void exponentialNeverOverflows() {
    Duration max = Duration.ofNanos(Long.MAX_VALUE);
    ExponentialFailureRateLimiter<String> limiter = new ExponentialFailureRateLimiter<>(Duration.ofNanos(1), max);

    assertThat(limiter.delayNanos(62)).isEqualTo(1L << 62);
    assertThat(limiter.delayNanos(63)).isEqualTo(Long.MAX_VALUE);
    assertThat(limiter.delayNanos(Integer.MAX_VALUE)).isEqualTo(Long.MAX_VALUE);
    assertThat(delays(limiter, "a", 200)).allMatch(d -> !d.isNegative() && !d.isZero());
    assertThat(new ExponentialFailureRateLimiter<String>(Duration.ZERO, max).when("a")).isZero();
  }

  @Test
  void forgetRestartsTheBackoffOfThatItemOnly() {
    RateLimiter<String> limiter = RateLimiter.exponential(ms(1), Duration.ofSeconds(1));
    delays(limiter, "a", 3);
    delays(limiter, "b", 3);

    limiter.forget("a");

    assertThat(limiter.numRequeues("a")).isZero();
    assertThat(limiter.when("a")).isEqualTo(ms(1));
    assertThat(limiter.when("b")).isEqualTo(ms(8));
  }

  @Test
  void fastSlowSwitchesAfterTheFastAttempts() {
    RateLimiter<String> limiter = RateLimiter.fastSlow(ms(5), Duration.ofSeconds(10), 3);

    assertThat(delays(limiter, "a", 5)).containsExactly(ms(5), ms(5), ms(5), Duration.ofSeconds(10), Duration.ofSeconds(10));
    assertThat(limiter.numRequeues("a")).isEqualTo(5);
    limiter.forget("a");
    assertThat(limiter.when("a")).isEqualTo(ms(5));
    assertThat(delays(RateLimiter.fastSlow(ms(5), ms(50), 0), "a", 2)).as("no fast attempts").containsExactly(ms(50), ms(50));
  }

  @Test
  void tokenBucketRefillsPerSecondAfterItsBurst() {
    ManualClock clock = new ManualClock();
    RateLimiter<String> bucket = new TokenBucketRateLimiter<>(10, 100, clock);

    assertThat(delays(bucket, "x", 100)).as("the burst is free").allMatch(Duration::isZero);
    assertThat(delays(bucket, "x", 3)).containsExactly(ms(100), ms(200), ms(300));

    clock.advance(Duration.ofSeconds(1));
    assertThat(delays(bucket, "x", 7)).as("10 tokens per second refilled, 3 owed").allMatch(Duration::isZero);
    assertThat(bucket.when("x")).isEqualTo(ms(100));

    clock.advance(Duration.ofHours(1));
    assertThat(delays(bucket, "x", 100)).as("refills up to the burst only").allMatch(Duration::isZero);
    assertThat(bucket.when("x")).isEqualTo(ms(100));
    assertThat(bucket.numRequeues("x")).isZero();
  }

  @Test
  void maxOfTakesTheLongestDelayAndForgetsEverywhere() {
    ManualClock clock = new ManualClock();
    RateLimiter<String> limiter = RateLimiter.defaultController(clock);

    List<Duration> first = delays(limiter, "a", 3);
    assertThat(first).containsExactly(ms(5), ms(10), ms(20));
    delays(limiter, "other", 97);
    assertThat(limiter.when("b")).as("bucket spent: its 100 ms wins over 5 ms").isEqualTo(ms(100));
    assertThat(limiter.numRequeues("a")).isEqualTo(3);

    limiter.forget("a");
    assertThat(limiter.numRequeues("a")).isZero();
  }

  @Test
  void withMaxWaitCapsTheDelayOnly() {
    RateLimiter<String> capped = RateLimiter.withMaxWait(RateLimiter.exponential(ms(100), Duration.ofHours(1)), ms(250));

    assertThat(delays(capped, "a", 4)).containsExactly(ms(100), ms(200), ms(250), ms(250));
    assertThat(capped.numRequeues("a")).isEqualTo(4);
    capped.forget("a");
    assertThat(capped.numRequeues("a")).isZero();
  }

  @Test
  void defaultItemBasedStartsAtOneMillisecond() {
    assertThat(delays(RateLimiter.defaultItemBased(), "a", 2)).containsExactly(ms(1), ms(2));
  }

  @Test
  void invalidSettingsAreRejected() {
    assertThatThrownBy(() -> RateLimiter.exponential(ms(-1), ms(1))).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RateLimiter.fastSlow(ms(1), ms(1), -1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RateLimiter.tokenBucket(0, 1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RateLimiter.tokenBucket(1, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new MaxOfRateLimiter<String>(List.of())).isInstanceOf(IllegalArgumentException.class);
  }
}

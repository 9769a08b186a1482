package io.informer4j.coordination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LeaseTimingTest {

  private static Duration s(long seconds) {
    return Duration.ofSeconds(seconds);
  }

  @Test
  void theSafetyMarginIsTheLeaseMinusTheRenewDeadline() {
    assertThat(new LeaseTiming(s(3), s(2), Duration.ofMillis(500)).safetyMargin()).isEqualTo(s(1));
  }

  @Test
  void aRenewDeadlineNotShorterThanTheLeaseIsRejected() {
    assertThatThrownBy(() -> new LeaseTiming(s(3), s(3), s(1))).isInstanceOf(CoordinationSettingsException.class)
        .hasMessageContaining("renew deadline (PT3S) must be shorter than the lease duration (PT3S)");
  }

  @Test
  void aRetryPeriodNotShorterThanTheRenewDeadlineIsRejected() {
    assertThatThrownBy(() -> new LeaseTiming(s(3), s(2), s(2))).isInstanceOf(CoordinationSettingsException.class)
        .hasMessageContaining("retry period (PT2S) must be shorter than the renew deadline (PT2S)");
  }

  @Test
  void nonPositiveDurationsAreRejected() {
    assertThatThrownBy(() -> new LeaseTiming(s(3), Duration.ZERO, s(1))).isInstanceOf(CoordinationSettingsException.class)
        .hasMessageContaining("renew deadline must be positive");
    assertThatThrownBy(() -> new LeaseTiming(s(-1), s(2), s(1))).isInstanceOf(CoordinationSettingsException.class)
        .hasMessageContaining("lease duration must be positive");
  }
}

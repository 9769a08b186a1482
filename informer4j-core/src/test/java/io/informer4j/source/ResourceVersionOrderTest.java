package io.informer4j.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ResourceVersionOrderTest {

  @Test
  void numericVersionsCompareAsNumbersOfAnyLength() {
    ResourceVersionOrder order = ResourceVersionOrder.NUMERIC;
    assertThat(order.compare("9", "10")).isNegative();
    assertThat(order.compare("10", "9")).isPositive();
    assertThat(order.compare("123", "123")).isZero();
    assertThat(order.compare("99999999999999999999999", "100000000000000000000000")).isNegative();
    assertThat(order.compare("0", "1")).isNegative();
  }

  @Test
  void malformedOrOpaqueVersionsAreNotComparable() {
    assertThat(ResourceVersionOrder.NUMERIC.comparable("10", "011")).isFalse();
    assertThat(ResourceVersionOrder.NUMERIC.comparable("10", "")).isFalse();
    assertThat(ResourceVersionOrder.NUMERIC.comparable("10", "1a")).isFalse();
    assertThat(ResourceVersionOrder.NUMERIC.comparable("-1", "1")).isFalse();
    assertThat(ResourceVersionOrder.OPAQUE.comparable("10", "11")).isFalse();
    assertThatThrownBy(() -> ResourceVersionOrder.OPAQUE.compare("10", "11"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot be ordered under OPAQUE");
  }
}

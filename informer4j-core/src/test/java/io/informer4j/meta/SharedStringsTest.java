package io.informer4j.meta;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SharedStringsTest {

  @Test
  void equalValuesBecomeTheirCanonicalInstance() {
    String first = new String("team-a");
    String second = new String("team-a");

    assertThat(SharedStrings.of(first)).isSameAs("team-a");
    assertThat(SharedStrings.of(second)).isSameAs("team-a");
    assertThat(SharedStrings.of(null)).isNull();
  }

  @Test
  void valuesThatCollideInTheRecentSlotsStayCanonicalAndDistinct() {
    for (int round = 0; round < 2; round++) {
      for (int i = 0; i < 20_000; i++) {
        String value = new String("value-" + i);
        String shared = SharedStrings.of(value);
        assertThat(shared).isEqualTo(value).isSameAs(value.intern());
      }
    }
  }
}

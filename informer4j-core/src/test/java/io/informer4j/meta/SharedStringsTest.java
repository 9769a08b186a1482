package io.informer4j.meta;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;
import org.junit.jupiter.api.Test;

class SharedStringsTest {

  @Test
  void aValueSeenAgainBecomesItsCanonicalInstance() {
    String first = new String("team-a");
    String second = new String("team-a");
    String third = new String("team-a");

    assertThat(SharedStrings.of(first)).isSameAs(first);
    assertThat(SharedStrings.of(second)).isSameAs("team-a");
    assertThat(SharedStrings.of(third)).isSameAs("team-a");
    assertThat(SharedStrings.of(null)).isNull();
  }

  @Test
  void aValueSeenOnceIsReturnedAsItIs() {
    for (int i = 0; i < 10_000; i++) {
      String unique = UUID.randomUUID().toString();
      assertThat(SharedStrings.of(unique)).isSameAs(unique);
    }
  }

  @Test
  void valuesThatCollideInTheSlotsStayEqualAndTheirRepeatsCanonical() {
    for (int round = 0; round < 3; round++) {
      for (int i = 0; i < 20_000; i++) {
        String value = new String("value-" + i);
        String shared = SharedStrings.of(value);
        assertThat(shared).isEqualTo(value);
        if (shared != value) {
          assertThat(shared).isSameAs(value.intern());
        }
      }
    }
    String often = new String("often-repeated");
    SharedStrings.of(often);
    assertThat(SharedStrings.of(new String("often-repeated"))).isSameAs("often-repeated");
  }
}

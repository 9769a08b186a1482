package io.informer4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

class DurationConverterTest {

  @Test
  void readsTheUsualForms() {
    assertThat(DurationConverter.parse("20s")).isEqualTo(Duration.ofSeconds(20));
    assertThat(DurationConverter.parse("2m")).isEqualTo(Duration.ofMinutes(2));
    assertThat(DurationConverter.parse("1h")).isEqualTo(Duration.ofHours(1));
    assertThat(DurationConverter.parse("500ms")).isEqualTo(Duration.ofMillis(500));
    assertThat(DurationConverter.parse("1m30s")).isEqualTo(Duration.ofSeconds(90));
    assertThat(DurationConverter.parse("45")).isEqualTo(Duration.ofSeconds(45));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "soon", "s20", "20x", "1m 30s", "0s", "-5s", "20s!"})
  void rejectsWhatIsNotAPositiveDuration(String text) {
    assertThatThrownBy(() -> DurationConverter.parse(text))
        .isInstanceOf(CommandLine.TypeConversionException.class)
        .hasMessageContaining("'" + text + "'");
  }
}

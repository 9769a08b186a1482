package io.informer4j.meta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FieldSelectorTest {

  private static final Map<String, String> FIELDS = Map.of("metadata.name", "web", "status.phase", "Running");

  @ParameterizedTest(name = "[{index}] ''{0}'' -> {1}")
  @CsvSource(delimiter = '|', value = {
      "''                                   | true",
      "metadata.name=web                    | true",
      "metadata.name==web                   | true",
      "metadata.name!=web                   | false",
      "metadata.name=web,status.phase=Running | true",
      "metadata.name=web,status.phase!=Running | false",
      "spec.nodeName=                       | true",
      "spec.nodeName!=                      | false",
  })
  void matchesWithAbsentFieldsReadingEmpty(String selector, boolean expected) {
    assertThat(FieldSelector.parse(selector).matches(FIELDS::get)).isEqualTo(expected);
  }

  @Test
  void keepsTermOrderAndFindsExactValues() {
    FieldSelector selector = FieldSelector.parse("status.phase!=Failed,metadata.name=web");
    assertThat(selector.requirements()).extracting(FieldRequirement::field).containsExactly("status.phase", "metadata.name");
    assertThat(selector.exactValue("metadata.name")).contains("web");
    assertThat(selector.exactValue("status.phase")).isEmpty();
  }

  @Test
  void escapesRoundTrip() {
    FieldSelector selector = FieldSelector.parse("a\\,b=c\\=d\\\\");
    assertThat(selector.requirements()).containsExactly(FieldRequirement.equal("a,b", "c=d\\"));
    assertThat(FieldSelector.parse(selector.toString())).isEqualTo(selector);
  }

  @Test
  void parseErrorsNameThePosition() {
    assertThatThrownBy(() -> FieldSelector.parse("metadata.name"))
        .isInstanceOfSatisfying(SelectorParseException.class, e -> assertThat(e.position()).isZero())
        .hasMessageContaining("no operator");
    assertThatThrownBy(() -> FieldSelector.parse("a=b,=c"))
        .isInstanceOfSatisfying(SelectorParseException.class, e -> assertThat(e.position()).isEqualTo(4))
        .hasMessageContaining("no field name");
    assertThatThrownBy(() -> FieldSelector.parse("a=b\\x"))
        .isInstanceOfSatisfying(SelectorParseException.class, e -> assertThat(e.position()).isEqualTo(4))
        .hasMessageContaining("invalid escape");
    assertThatThrownBy(() -> FieldSelector.parse("a=b=c"))
        .isInstanceOfSatisfying(SelectorParseException.class, e -> assertThat(e.position()).isEqualTo(3));
  }
}

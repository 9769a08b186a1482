package io.informer4j.meta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class LabelSelectorTest {

  private static final Map<String, String> LABELS = Map.of("app", "web", "tier", "frontend", "replicas", "3");

  @ParameterizedTest(name = "[{index}] ''{0}'' -> {1}")
  @CsvSource(delimiter = '|', value = {
      "''                          | true",
      "app=web                     | true",
      "app==web                    | true",
      "app=db                      | false",
      "app!=db                     | true",
      "app!=web                    | false",
      "missing!=x                  | true",
      "app in (web, db)            | true",
      "app in (db)                 | false",
      "app notin (db,cache)        | true",
      "missing notin (a)           | true",
      "app notin (web)             | false",
      "app                         | true",
      "missing                     | false",
      "!missing                    | true",
      "!app                        | false",
      "app=web,tier=frontend       | true",
      "app=web, tier=backend       | false",
      "replicas>2                  | true",
      "replicas<3                  | false",
      "app>2                       | false",
      "missing=                    | false",
      "'app in (web,),tier'        | true",
  })
  void matchesWithKubernetesSemantics(String selector, boolean expected) {
    assertThat(LabelSelector.parse(selector).matches(LABELS)).isEqualTo(expected);
  }

  @Test
  void emptyValueMatchesAnEmptyLabel() {
    assertThat(LabelSelector.parse("k=").matches(Map.of("k", ""))).isTrue();
    assertThat(LabelSelector.parse("k in (,a)").matches(Map.of("k", ""))).isTrue();
  }

  @Test
  void canonicalTextSortsTermsAndValuesAndParsesBack() {
    LabelSelector selector = LabelSelector.parse("tier notin (b, a), !legacy, app = web, env");
    assertThat(selector).hasToString("app=web,env,!legacy,tier notin (a,b)");
    assertThat(LabelSelector.parse(selector.toString())).isEqualTo(selector);
    assertThat(LabelSelector.everything()).hasToString("");
    assertThat(LabelSelector.parse("  ").isEverything()).isTrue();
  }

  @ParameterizedTest(name = "[{index}] ''{0}'' fails at {1}")
  @CsvSource(delimiter = '|', value = {
      "app=web,          | 8",
      "app in web        | 7",
      "app in ()         | 8",
      "app in (a b)      | 10",
      "app in (a        | 9",
      "!app=x            | 4",
      "=web              | 0",
      "app ~ web         | 4",
      "app>x             | 4",
      "app=web tier=x    | 8",
  })
  void parseErrorsNameThePosition(String selector, int position) {
    assertThatThrownBy(() -> LabelSelector.parse(selector))
        .isInstanceOfSatisfying(SelectorParseException.class, e -> assertThat(e.position()).isEqualTo(position))
        .hasMessageContaining("at position " + position);
  }

  @Test
  void combinesSelectors() {
    LabelSelector combined = LabelSelector.parse("app=web").and(LabelSelector.matchingLabels(Map.of("tier", "frontend")));
    assertThat(combined).hasToString("app=web,tier=frontend");
    assertThat(combined.matches(LABELS)).isTrue();
    assertThat(LabelSelector.everything().and(combined)).isEqualTo(combined);
  }
}

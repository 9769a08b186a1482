package io.informer4j.testsupport.property;

import static io.informer4j.testsupport.property.Generators.integers;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Runs, reports, replays and shrinks property checks. */
class PropertyCheckTest {

  private static final Pattern SEED = Pattern.compile("seed (-?\\d+)");

  @AfterEach
  void clearReplaySeed() {
    System.clearProperty(PropertyCheck.SEED_PROPERTY);
  }

  @Test
  void aPropertyThatHoldsRunsOnTheSimplestValueThenOnEveryTry() {
    List<List<Integer>> seen = new ArrayList<>();
    PropertyCheck.forAll(integers(0, 9).list(0, 5)).tries(200).check(seen::add);

    assertThat(seen).hasSize(200);
    assertThat(seen.get(0)).as("the first try is the simplest value").isEmpty();
    assertThat(seen).allMatch(list -> list.size() <= 5 && list.stream().allMatch(i -> i >= 0 && i <= 9));
    assertThat(new HashSet<>(seen)).as("tries differ").hasSizeGreaterThan(100);
  }

  @Test
  void aFailureIsShrunkToTheSimplestFailingInput() {
    assertThatThrownBy(() -> PropertyCheck.forAll(integers(0, 1000).list(0, 30)).tries(1000)
        .check(list -> assertThat(list).allMatch(i -> i < 500)))
        .isInstanceOf(PropertyFailure.class)
        .hasMessageContaining("shrunk input (")
        .hasMessageContaining("): [500]\n")
        .cause().isInstanceOf(AssertionError.class);
  }

  @Test
  void shrinkingDropsElementsAnywhereAndLowersNegativeNumbersTowardZero() {
    assertThatThrownBy(() -> PropertyCheck.forAll(integers(-1000, 1000).list(0, 30)).tries(1000)
        .check(list -> assertThat(list.stream().filter(i -> i <= -300).count()).isLessThan(2)))
        .hasMessageContaining("): [-300, -300]\n");
  }

  @Test
  void theReportedSeedReplaysTheFailingInput() {
    Generator<List<Integer>> lists = integers(0, 1_000_000).list(1, 10);
    List<List<Integer>> failing = new ArrayList<>();
    Property<List<Integer>> property = list -> {
      if (list.get(0) % 7 == 3) {
        failing.add(list);
        throw new AssertionError("first element is 3 mod 7");
      }
    };
    Throwable failure = catchFailure(() -> PropertyCheck.forAll(lists).shrinkRuns(0).check(property));
    Matcher seed = SEED.matcher(failure.getMessage());
    assertThat(seed.find()).as(failure.getMessage()).isTrue();
    List<Integer> generated = failing.get(0);

    System.setProperty(PropertyCheck.SEED_PROPERTY, seed.group(1));
    failing.clear();
    Throwable replayed = catchFailure(() -> PropertyCheck.forAll(lists).shrinkRuns(0).check(property));

    assertThat(failing).as("one input, the one of the seed").containsExactly(generated);
    assertThat(replayed).hasMessageContaining("the input of seed " + seed.group(1));
  }

  @Test
  void aFixedBaseSeedGivesTheSameTries() {
    List<Long> first = new ArrayList<>();
    List<Long> second = new ArrayList<>();
    PropertyCheck.forAll(Generators.longs()).tries(50).seed(42).check(first::add);
    PropertyCheck.forAll(Generators.longs()).tries(50).seed(42).check(second::add);
    assertThat(first).isEqualTo(second);
    assertThat(new HashSet<>(first)).as("edge cases aside, the tries differ").hasSizeGreaterThan(40);
  }

  @Test
  void generatorsStayInTheirBoundsAndReachTheirEdges() {
    Set<Integer> ints = new HashSet<>();
    Set<Integer> sizes = new HashSet<>();
    PropertyCheck.forAll(choices -> List.of(choices.draw(integers(-3, 3)), choices.draw(integers(2, 5)))).tries(500)
        .check(pair -> {
          assertThat(pair.get(0)).isBetween(-3, 3);
          assertThat(pair.get(1)).isBetween(2, 5);
          ints.add(pair.get(0));
        });
    PropertyCheck.forAll(Generators.strings(Generators.codePointsOf("ab"), 2, 6)).tries(500).check(text -> {
      assertThat(text).matches("[ab]{2,6}");
      sizes.add(text.length());
    });
    assertThat(ints).containsExactlyInAnyOrder(-3, -2, -1, 0, 1, 2, 3);
    assertThat(sizes).containsExactlyInAnyOrder(2, 3, 4, 5, 6);
  }

  @Test
  void unicodeStringsAreValidUtf16() {
    PropertyCheck.forAll(Generators.strings()).tries(500).check(text -> {
      for (int i = 0; i < text.length(); i++) {
        char c = text.charAt(i);
        if (Character.isHighSurrogate(c)) {
          assertThat(Character.isLowSurrogate(text.charAt(++i))).isTrue();
        } else {
          assertThat(Character.isLowSurrogate(c)).isFalse();
        }
      }
    });
  }

  @Test
  void weightedAlternativesComeInProportion() {
    int[] counts = new int[2];
    PropertyCheck.forAll(Generators.frequency(Generators.weight(9, Generators.constant(0)),
        Generators.weight(1, Generators.constant(1)))).tries(2000).check(i -> counts[i]++);
    assertThat(counts[0]).isBetween(1500, 1950);
    assertThat(counts[1]).isBetween(50, 500);
  }

  @Test
  void invalidSettingsAreRefused() {
    assertThatThrownBy(() -> PropertyCheck.forAll(Generators.booleans()).tries(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Generators.booleans().list(3, 2)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Generators.integers(2, 1)).isInstanceOf(IllegalArgumentException.class);
    System.setProperty(PropertyCheck.SEED_PROPERTY, "not-a-seed");
    assertThatThrownBy(() -> PropertyCheck.forAll(Generators.booleans()).check(b -> { }))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not-a-seed");
  }

  private static Throwable catchFailure(Runnable check) {
    try {
      check.run();
    } catch (PropertyFailure e) {
      return e;
    }
    throw new AssertionError("the property did not fail");
  }
}

package io.informer4j.meta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class NamespaceMatcherTest {

  private static List<String> list(String csv) {
    return csv == null || csv.isEmpty() ? List.of() : List.of(csv.split(";"));
  }

  @ParameterizedTest(name = "allowed [{0}] restricted [{1}]: \"{2}\" -> {3} {4}")
  @CsvSource(delimiter = '|', emptyValue = "", nullValues = "NONE", textBlock = """
      # allowed          | restricted   | namespace    | reason      | pattern
                         |              | anything     | NO_RULES    | NONE
                         |              | ''           | NO_RULES    | NONE
      prod               |              | prod         | ALLOWED     | prod
      prod               |              | dev          | NOT_ALLOWED | prod
      prod               |              | ''           | NOT_ALLOWED | prod
                         | kube-*       | kube-system  | RESTRICTED  | kube-*
                         | kube-*       | default      | ALLOWED     | NONE
                         | kube-*       | ''           | ALLOWED     | NONE
      team-*             |              | team-a       | ALLOWED     | team-*
      team-*             |              | team-        | ALLOWED     | team-*
      team-*             |              | teams        | NOT_ALLOWED | team-*
      *-prod             |              | shop-prod    | ALLOWED     | *-prod
      *-prod             |              | shop-dev     | NOT_ALLOWED | *-prod
      prod               | prod         | prod         | RESTRICTED  | prod
      prod-team          | prod-*       | prod-team    | RESTRICTED  | prod-*
      team-*;dev         | team-secret  | team-secret  | RESTRICTED  | team-secret
      team-*;dev         | team-secret  | dev          | ALLOWED     | dev
      team-*;dev         | team-secret  | ''           | NOT_ALLOWED | team-*
      alpha-*;beta-*     |              | beta         | NOT_ALLOWED | beta-*
      alpha;*-system     |              | kube-systen  | NOT_ALLOWED | alpha
      alpha;*-system     |              | my-system2   | NOT_ALLOWED | alpha
      alpha;*-system     |              | x-sys-system | ALLOWED     | *-system
      *                  | kube-*       | default      | ALLOWED     | *
      *                  | kube-*       | kube-public  | RESTRICTED  | kube-*
      b-x;a-x;*-y        |              | c            | NOT_ALLOWED | b-x
      zeta;zed;*-zed     |              | zex          | NOT_ALLOWED | zeta
      zed;zeta;*-zed     |              | zex          | NOT_ALLOWED | zed
      ab-1;*x-zz         |              | ab-zz        | NOT_ALLOWED | ab-1
      *x-zz;ab-1         |              | ab-zz        | NOT_ALLOWED | *x-zz
      ab*;abc;a*         |              | abcd         | ALLOWED     | ab*
      abcd;a*;*d         |              | abcd         | ALLOWED     | abcd
      *cd;ab*            |              | abcd         | ALLOWED     | *cd
      ab                 | *;ab         | ab           | RESTRICTED  | *
      """)
  void decidesByTheSinglePrecedenceRule(String allowed, String restricted, String namespace,
      NamespaceDecision.Reason reason, String pattern) {
    NamespaceMatcher matcher = NamespaceMatcher.of(list(allowed), list(restricted));

    NamespaceDecision decision = matcher.decide(namespace);

    assertThat(decision.reason()).isEqualTo(reason);
    assertThat(decision.pattern()).isEqualTo(Optional.ofNullable(pattern));
    assertThat(decision.allowed()).isEqualTo(reason == NamespaceDecision.Reason.ALLOWED
        || reason == NamespaceDecision.Reason.NO_RULES);
    assertThat(matcher.allows(namespace)).isEqualTo(decision.allowed());
  }

  @Test
  void closestPatternForSuffixPatternsComparesEndings() {
    NamespaceMatcher matcher = NamespaceMatcher.of(List.of("team-*", "*-system"), List.of());

    assertThat(matcher.decide("kube-systen").pattern()).contains("team-*");
    assertThat(matcher.decide("xx-xsystem").pattern()).contains("*-system");
    assertThat(matcher.decide("tea").pattern()).contains("team-*");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", " ", "te am", "a*b", "**", "*a*", "a**", " prod", "*-*"})
  void rejectsMalformedPatternsAtConstruction(String bad) {
    assertThatThrownBy(() -> NamespaceMatcher.of(List.of(bad), List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("allowed namespaces")
        .hasMessageContaining("'" + bad + "'");
    assertThatThrownBy(() -> NamespaceMatcher.of(List.of(), List.of(bad)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("restricted namespaces");
  }

  @Test
  void explanationsNameReasonAndPattern() {
    NamespaceMatcher matcher = NamespaceMatcher.of(List.of("prod-*"), List.of("kube-*"));

    assertThat(matcher.decide("kube-system").explanation())
        .isEqualTo("namespace \"kube-system\" is restricted (matched pattern: \"kube-*\")");
    assertThat(matcher.decide("dev").explanation())
        .isEqualTo("namespace \"dev\" is not in allowedNamespaces (closest match: \"prod-*\")");
    assertThat(matcher.decide("prod-a").explanation()).isEqualTo("namespace \"prod-a\" is allowed");
    assertThat(NamespaceDecision.Reason.RESTRICTED.text()).isEqualTo("restricted");
    assertThat(NamespaceDecision.Reason.NOT_ALLOWED.text()).isEqualTo("not-allowed");
  }

  @Test
  void summaryActivityAndTierOneNamespace() {
    NamespaceMatcher none = NamespaceMatcher.of(List.of(), List.of());
    NamespaceMatcher allowed = NamespaceMatcher.of(List.of("a", "b", "a"), List.of());
    NamespaceMatcher restricted = NamespaceMatcher.of(List.of(), List.of("x"));
    NamespaceMatcher both = NamespaceMatcher.of(List.of("a"), List.of("x"));

    assertThat(none.summary()).isEqualTo("all namespaces");
    assertThat(none.isActive()).isFalse();
    assertThat(none).isSameAs(NamespaceMatcher.allowAll());
    assertThat(allowed.summary()).isEqualTo("allowed: [a, b]");
    assertThat(restricted.summary()).isEqualTo("restricted: [x]");
    assertThat(both.summary()).isEqualTo("allowed: [a]; restricted: [x]");
    assertThat(List.of(allowed, restricted, both)).allMatch(NamespaceMatcher::isActive);

    assertThat(NamespaceMatcher.of(List.of("team-a"), List.of()).singleExactNamespace()).contains("team-a");
    assertThat(NamespaceMatcher.of(List.of("team-*"), List.of()).singleExactNamespace()).isEmpty();
    assertThat(allowed.singleExactNamespace()).isEmpty();
    assertThat(both.singleExactNamespace()).isEmpty();
    assertThat(none.singleExactNamespace()).isEmpty();
  }

  @Test
  void aHundredThousandNamesBuildAndAnswerWithinTenSeconds() {
    List<String> allowed = new ArrayList<>();
    for (int i = 0; i < 100_000; i++) {
      allowed.add("ns-" + i);
    }
    allowed.add("team-*");
    allowed.add("ns-5");
    List<String> restricted = List.of("kube-*", "ns-7");

    NamespaceMatcher matcher = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
      NamespaceMatcher built = NamespaceMatcher.of(allowed, restricted);
      for (int i = 0; i < 100_000; i++) {
        built.decide("ns-" + (i * 7_919 % 200_000));
      }
      return built;
    });

    assertThat(matcher.allowed()).hasSize(100_001).endsWith("team-*");
    assertThat(matcher.decide("ns-99999").pattern()).contains("ns-99999");
    assertThat(matcher.decide("team-x").pattern()).contains("team-*");
    assertThat(matcher.decide("ns-7").reason()).isEqualTo(NamespaceDecision.Reason.RESTRICTED);
    assertThat(matcher.decide("kube-system").pattern()).contains("kube-*");
    NamespaceDecision typo = matcher.decide("ns-100000");
    assertThat(typo.reason()).isEqualTo(NamespaceDecision.Reason.NOT_ALLOWED);
    assertThat(typo.pattern()).contains("ns-10000");
    assertThat(matcher.decide("nx").pattern()).as("ties over 100,000 names go to the first listed").contains("ns-0");
  }
}

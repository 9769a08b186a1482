package io.informer4j.etcd.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.source.InvalidRequestException;
import io.informer4j.source.ResourceVersionMatch;
import org.junit.jupiter.api.Test;

class RevisionsTest {

  @Test
  void listVersionsMapOntoReadPoints() {
    assertThat(Revisions.forList("", ResourceVersionMatch.UNSET)).isEqualTo(new Revisions.ReadPoint(0, 0, false));
    assertThat(Revisions.forList("0", ResourceVersionMatch.UNSET)).isEqualTo(new Revisions.ReadPoint(0, 0, true));
    assertThat(Revisions.forList("0", ResourceVersionMatch.NOT_OLDER_THAN)).isEqualTo(new Revisions.ReadPoint(0, 0, true));
    assertThat(Revisions.forList("9", ResourceVersionMatch.UNSET)).isEqualTo(new Revisions.ReadPoint(0, 9, false));
    assertThat(Revisions.forList("9", ResourceVersionMatch.NOT_OLDER_THAN)).isEqualTo(new Revisions.ReadPoint(0, 9, false));
    assertThat(Revisions.forList("9", ResourceVersionMatch.EXACT)).isEqualTo(new Revisions.ReadPoint(9, 0, false));
    assertThat(Revisions.forInitialState("")).isEqualTo(new Revisions.ReadPoint(0, 0, false));
    assertThat(Revisions.forInitialState("0")).isEqualTo(new Revisions.ReadPoint(0, 0, true));
    assertThat(Revisions.forInitialState("9")).isEqualTo(new Revisions.ReadPoint(0, 9, false));
  }

  @Test
  void invalidCombinationsAndVersionsAreRejected() {
    assertThatThrownBy(() -> Revisions.forList("", ResourceVersionMatch.EXACT))
        .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.statusCode()).isEqualTo(422));
    assertThatThrownBy(() -> Revisions.forList("", ResourceVersionMatch.NOT_OLDER_THAN)).isInstanceOf(InvalidRequestException.class);
    assertThatThrownBy(() -> Revisions.forList("0", ResourceVersionMatch.EXACT)).isInstanceOf(InvalidRequestException.class);
    assertThatThrownBy(() -> Revisions.parse("12a"))
        .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.statusCode()).isEqualTo(400));
    assertThatThrownBy(() -> Revisions.parse("-3")).isInstanceOf(InvalidRequestException.class);
  }
}

package io.informer4j.etcd.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.source.InvalidRequestException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class ContinueTokenTest {

  @Test
  void roundTripsAndKnowsItsRange() {
    ContinueToken token = new ContinueToken(42, "/w/ns/b\0".getBytes(StandardCharsets.UTF_8));
    ContinueToken parsed = ContinueToken.decode(token.encode());

    assertThat(parsed).isEqualTo(token);
    assertThat(parsed.within("/w/".getBytes(StandardCharsets.UTF_8), "/w0".getBytes(StandardCharsets.UTF_8))).isTrue();
    assertThat(parsed.within("/x/".getBytes(StandardCharsets.UTF_8), "/x0".getBytes(StandardCharsets.UTF_8))).isFalse();
  }

  @Test
  void foreignOrDamagedTokensAreInvalid() {
    String noRevision = Base64.getUrlEncoder().encodeToString(new byte[] {1, 0, 0, 0, 0, 0, 0, 0, 0});
    for (String text : new String[] {"%%%", "", "AQ", noRevision, Base64.getUrlEncoder().encodeToString(new byte[12])}) {
      assertThatThrownBy(() -> ContinueToken.decode(text)).isInstanceOf(InvalidRequestException.class);
    }
  }
}

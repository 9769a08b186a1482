package io.informer4j.cli.watch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.cli.CliException;
import io.informer4j.source.Redaction;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Where {@code informer4j watch} takes etcd credentials from, and what it refuses. */
class EtcdAccessTest {

  private static final String ENDPOINT = "http://127.0.0.1:2379";

  @Test
  void userAndPasswordComeFromTheOptionLikeEtcdctl() {
    EtcdAccess access = EtcdAccess.of(ENDPOINT, null, null, null, "alice:pa:ss", null);

    assertThat(access.user()).isEqualTo("alice");
    assertThat(access.password()).isEqualTo("pa:ss");
    assertThat(access.toString()).doesNotContain("pa:ss");
    assertThat(Redaction.redact("x pa:ss y")).isEqualTo("x *** y");
  }

  @Test
  void aUserWithoutPasswordTakesItFromTheEnvironmentOrIsAUsageError() {
    assertThat(EtcdAccess.of(ENDPOINT, null, null, null, "alice", "from-env").password()).isEqualTo("from-env");
    assertThatThrownBy(() -> EtcdAccess.of(ENDPOINT, null, null, null, "alice", null))
        .isInstanceOfSatisfying(CliException.class, e -> assertThat(e.exitCode()).isEqualTo(2))
        .hasMessageContaining(EtcdAccess.PASSWORD_VARIABLE);
  }

  @Test
  void credentialsInTheEndpointAreUsedAndLeaveIt() {
    EtcdAccess access = EtcdAccess.of("https://bob:b%40d+pw@etcd:2379", null, null, null, null, null);

    assertThat(access.endpoint()).isEqualTo("https://etcd:2379");
    assertThat(access.shown()).isEqualTo("https://bob:b%40d+pw@etcd:2379");
    assertThat(access.user()).isEqualTo("bob");
    assertThat(access.password()).isEqualTo("b@d+pw");
    assertThatThrownBy(() -> EtcdAccess.of("https://bob:pw@etcd:2379", null, null, null, "alice:x", null))
        .isInstanceOf(CliException.class).hasMessageContaining("give the etcd credentials once");
  }

  @Test
  void anEndpointWithoutSchemeIsHttpOrHttpsWithTlsFilesAsForEtcdctl() {
    assertThat(EtcdAccess.of("127.0.0.1:2379", null, null, null, null, null).endpoint()).isEqualTo("http://127.0.0.1:2379");
    assertThat(EtcdAccess.of("etcd:2379", Path.of("ca.pem"), null, null, null, null).endpoint())
        .isEqualTo("https://etcd:2379");
    assertThat(EtcdAccess.of("etcd:2379", null, Path.of("c.pem"), Path.of("k.pem"), null, null).shown())
        .isEqualTo("https://etcd:2379");
    EtcdAccess withCredentials = EtcdAccess.of("bob:pw@etcd:2379", null, null, null, null, null);
    assertThat(withCredentials.endpoint()).isEqualTo("http://etcd:2379");
    assertThat(withCredentials.user()).isEqualTo("bob");
    assertThat(EtcdAccess.of("https://etcd:2379", null, null, null, null, null).endpoint()).isEqualTo("https://etcd:2379");
  }

  @Test
  void aCertificateNeedsItsKey() {
    assertThatThrownBy(() -> EtcdAccess.of(ENDPOINT, null, Path.of("c.pem"), null, null, null))
        .isInstanceOfSatisfying(CliException.class, e -> assertThat(e.exitCode()).isEqualTo(2))
        .hasMessage("--etcd-cert and --etcd-key go together");
  }

  @Test
  void passwordsInTheArgumentsAndEnvironmentAreHiddenBeforeParsing() {
    EtcdAccess.hideSecrets(new String[] {"watch", "--etcd-user", "carol:first-secret", "--etcd-user=dave:second-secret"},
        "third-secret");

    assertThat(Redaction.redact("first-secret second-secret third-secret")).isEqualTo("*** *** ***");
  }
}

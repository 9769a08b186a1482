package io.informer4j.cli.watch;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.source.ForbiddenException;
import io.informer4j.source.SourceException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.TypeNotFoundException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;

class SourceErrorsTest {

  private static final String SERVER = "the Kubernetes API server at https://k8s:6443";

  @Test
  void eachKindOfFailureGetsItsOwnOneLineMessage() {
    assertThat(SourceErrors.describe(new TransientSourceException("refused\nat connect",
        TransientSourceException.Reason.CONNECTION_REFUSED), SERVER, "configmaps").getMessage())
        .isEqualTo("cannot reach the Kubernetes API server at https://k8s:6443 (refused at connect)");
    assertThat(SourceErrors.describe(new ForbiddenException("User \"bob\" cannot list"), SERVER, "secrets").getMessage())
        .isEqualTo("forbidden (403): the credentials may not list secrets on " + SERVER + " (User \"bob\" cannot list)");
    assertThat(SourceErrors.describe(new SourceException("Unauthorized", 401, null), SERVER, "pods").getMessage())
        .startsWith("unauthorized (401): " + SERVER + " rejected the credentials");
    assertThat(SourceErrors.describe(new TypeNotFoundException("404"), SERVER, "v1/foos").getMessage())
        .startsWith("unknown resource: v1/foos is not served by " + SERVER);
    assertThat(SourceErrors.describe(new TransientSourceException("boom", TransientSourceException.Reason.INTERNAL_ERROR,
        500, null), SERVER, "pods").getMessage())
        .isEqualTo("listing pods on " + SERVER + " failed: boom");
  }

  @Test
  void anUnreachableServerSaysWhyFromTheConnectFailureNotInAClientLibrarysWords() {
    String etcd = "etcd at http://127.0.0.1:2379";

    assertThat(SourceErrors.describe(refused("list of /x/ failed: UNAVAILABLE io exception",
        new ConnectException("finishConnect(..) failed: Connection refused: /127.0.0.1:2379")), etcd, "keys").getMessage())
        .isEqualTo("cannot reach etcd at http://127.0.0.1:2379 (connection refused)");
    assertThat(SourceErrors.describe(refused("list failed: UNAVAILABLE io exception",
        new ConnectException("connection timed out after 5000 ms: /10.0.0.1:2379")), etcd, "keys").getMessage())
        .isEqualTo("cannot reach etcd at http://127.0.0.1:2379 (connection timed out)");
    assertThat(SourceErrors.describe(refused("discovery failed: java.net.UnknownHostException: kubernetes.default.svc",
        new UnknownHostException("kubernetes.default.svc: Name or service not known")), SERVER, "configmaps").getMessage())
        .isEqualTo("cannot reach " + SERVER + " (unknown host: kubernetes.default.svc: Name or service not known)");
  }

  /** A refused connection as the etcd and Kubernetes sources report it: their message, the connect failure below. */
  private static SourceException refused(String message, Exception connectFailure) {
    return new TransientSourceException(message, TransientSourceException.Reason.CONNECTION_REFUSED, 503,
        new RuntimeException("UNAVAILABLE: io exception", connectFailure));
  }
}

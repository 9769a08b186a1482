package io.informer4j.cli.watch;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.source.ForbiddenException;
import io.informer4j.source.SourceException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.TypeNotFoundException;
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
}

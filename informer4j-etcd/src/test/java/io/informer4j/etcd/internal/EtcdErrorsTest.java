package io.informer4j.etcd.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import io.informer4j.source.ExpiredException;
import io.informer4j.source.ForbiddenException;
import io.informer4j.source.SourceException;
import io.informer4j.source.TooLargeResourceVersionException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.TransientSourceException.Reason;
import java.net.ConnectException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

class EtcdErrorsTest {

  private static SourceException classify(Status status, boolean beforeContact) {
    return EtcdErrors.classify("list of /w/", new ExecutionException(status.asRuntimeException()), beforeContact);
  }

  @Test
  void grpcStatusesBecomeTypedSourceErrors() {
    assertThat(classify(Status.OUT_OF_RANGE.withDescription("etcdserver: mvcc: required revision has been compacted"), false))
        .isInstanceOf(ExpiredException.class).hasMessageContaining("list of /w/");
    assertThat(classify(Status.OUT_OF_RANGE.withDescription("etcdserver: mvcc: required revision is a future revision"), false))
        .isInstanceOf(TooLargeResourceVersionException.class);
    assertThat(classify(Status.PERMISSION_DENIED, false)).isInstanceOf(ForbiddenException.class);
    assertThat(reason(classify(Status.UNAVAILABLE, true))).isEqualTo(Reason.CONNECTION_REFUSED);
    assertThat(reason(classify(Status.UNAVAILABLE, false))).isEqualTo(Reason.CONNECTION_LOST);
    assertThat(reason(classify(Status.UNAVAILABLE.withCause(new ConnectException("refused")), false)))
        .isEqualTo(Reason.CONNECTION_REFUSED);
    assertThat(reason(classify(Status.DEADLINE_EXCEEDED, false))).isEqualTo(Reason.TIMEOUT);
    assertThat(reason(classify(Status.INTERNAL, false))).isEqualTo(Reason.INTERNAL_ERROR);
    assertThat(classify(Status.UNAUTHENTICATED, false).statusCode()).isEqualTo(401);
  }

  @Test
  void wrappedAndForeignErrorsAreUnwrapped() {
    ExpiredException expired = new ExpiredException("x");
    assertThat(EtcdErrors.classify("w", new CompletionException(expired), false)).isSameAs(expired);
    assertThat(EtcdErrors.classify("w", new IllegalStateException("odd"), false)).isExactlyInstanceOf(SourceException.class)
        .hasMessageContaining("odd");
  }

  private static Reason reason(SourceException e) {
    return ((TransientSourceException) e).reason();
  }
}

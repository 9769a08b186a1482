package io.informer4j.etcd.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.common.exception.ErrorCode;
import io.etcd.jetcd.common.exception.EtcdExceptionFactory;
import io.grpc.Status;
import io.informer4j.source.ExpiredException;
import io.informer4j.source.ForbiddenException;
import io.informer4j.source.InvalidRequestException;
import io.informer4j.source.SourceException;
import io.informer4j.source.TooLargeResourceVersionException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.TransientSourceException.Reason;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import javax.net.ssl.SSLHandshakeException;
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
  void nothingAnsweringIsARefusedConnectionAndEtcdAnsweringUnavailableIsNot() {
    Status ioException = Status.UNAVAILABLE.withDescription("io exception");
    assertThat(reason(classify(ioException.withCause(new ConnectException("Connection refused")), false)))
        .isEqualTo(Reason.CONNECTION_REFUSED);
    assertThat(reason(classify(ioException.withCause(new NoRouteToHostException("No route to host")), false)))
        .isEqualTo(Reason.CONNECTION_REFUSED);
    assertThat(reason(classify(ioException.withCause(new UnknownHostException("etcd.invalid")), false)))
        .isEqualTo(Reason.CONNECTION_REFUSED);
    assertThat(reason(EtcdErrors.classify("watch of /w/", EtcdExceptionFactory.newEtcdException(ErrorCode.UNAVAILABLE,
        "io exception", new ConnectException("Connection refused")), false))).isEqualTo(Reason.CONNECTION_REFUSED);
    assertThat(reason(EtcdErrors.classify("watch of /w/", EtcdExceptionFactory.newEtcdException(ErrorCode.UNAVAILABLE,
        "Network closed for unknown reason"), false))).isEqualTo(Reason.CONNECTION_LOST);

    for (String answer : List.of("etcdserver: leader changed", "etcdserver: no leader", "etcdserver: request timed out",
        "etcdserver: server stopped", "etcdserver: unhealthy cluster")) {
      for (boolean beforeContact : List.of(true, false)) {
        SourceException error = classify(Status.UNAVAILABLE.withDescription(answer), beforeContact);
        assertThat(reason(error)).as(answer).isEqualTo(Reason.UNAVAILABLE);
        assertThat(error.statusCode()).isEqualTo(503);
      }
    }
    assertThat(reason(classify(Status.RESOURCE_EXHAUSTED.withDescription("etcdserver: too many requests"), true)))
        .isEqualTo(Reason.UNAVAILABLE);
  }

  @Test
  void onlyTheClientsMessageLimitMakesAResponseTooLarge() {
    assertThat(EtcdErrors.isResponseTooLarge(new ExecutionException(Status.RESOURCE_EXHAUSTED
        .withDescription("gRPC message exceeds maximum size 4194304: 5000000").asRuntimeException()))).isTrue();
    assertThat(EtcdErrors.isResponseTooLarge(new ExecutionException(Status.RESOURCE_EXHAUSTED
        .withDescription("etcdserver: too many requests").asRuntimeException()))).isFalse();
    assertThat(EtcdErrors.isResponseTooLarge(Status.UNAVAILABLE.asRuntimeException())).isFalse();
  }

  @Test
  void aFailedTlsHandshakeSaysSoAndIsNotTransient() {
    SourceException error = classify(Status.UNAVAILABLE.withDescription("io exception")
        .withCause(new SSLHandshakeException("PKIX path building failed")), true);

    assertThat(error).isExactlyInstanceOf(SourceException.class)
        .hasMessageContaining("TLS connection to etcd could not be established (PKIX path building failed)");
  }

  @Test
  void aFailedAuthenticationIsUnauthorizedUnlessItCouldNotReachEtcd() {
    SourceException rejected = classify(Status.UNAUTHENTICATED.withCause(Status.INVALID_ARGUMENT
        .withDescription("etcdserver: authentication failed, invalid user ID or password").asRuntimeException()), false);
    assertThat(rejected.statusCode()).isEqualTo(401);
    assertThat(rejected).hasMessageContaining("authentication failed, invalid user ID or password");

    SourceException unreachable = classify(Status.UNAUTHENTICATED.withCause(Status.UNAVAILABLE.withDescription("io exception")
        .withCause(new ConnectException("Connection refused")).asRuntimeException()), false);
    assertThat(reason(unreachable)).isEqualTo(Reason.CONNECTION_REFUSED);
    assertThat(unreachable).hasMessageContaining("(authenticating)");

    assertThat(classify(Status.INVALID_ARGUMENT.withDescription("etcdserver: user name is empty"), false).statusCode())
        .isEqualTo(401);
    assertThat(classify(Status.INVALID_ARGUMENT.withDescription("etcdserver: key is not provided"), false))
        .isInstanceOf(InvalidRequestException.class);
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

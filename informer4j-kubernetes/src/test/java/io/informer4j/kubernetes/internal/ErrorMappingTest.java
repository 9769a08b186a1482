package io.informer4j.kubernetes.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.source.ExpiredException;
import io.informer4j.source.ForbiddenException;
import io.informer4j.source.InvalidRequestException;
import io.informer4j.source.SourceException;
import io.informer4j.source.TooLargeResourceVersionException;
import io.informer4j.source.TooManyRequestsException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.TransientSourceException.Reason;
import io.informer4j.source.TypeNotFoundException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class ErrorMappingTest {

  private static ApiStatus status(int code, String reason, String message) {
    return new ApiStatus(code, reason, message, 0, "");
  }

  @Test
  void mapsEachStatusCodeToItsTypedError() {
    assertThat(ErrorMapping.fromResponse("list x", 410, null, status(410, "Expired", "too old"))).isInstanceOf(ExpiredException.class)
        .hasMessageContaining("list x").hasMessageContaining("too old");
    assertThat(ErrorMapping.fromResponse("list x", 403, null, ApiStatus.EMPTY)).isInstanceOf(ForbiddenException.class);
    assertThat(ErrorMapping.fromResponse("list x", 404, null, ApiStatus.EMPTY)).isInstanceOf(TypeNotFoundException.class);
    assertThat(ErrorMapping.fromResponse("list x", 422, null, ApiStatus.EMPTY)).isInstanceOf(InvalidRequestException.class)
        .extracting(SourceException::statusCode).isEqualTo(422);
    assertThat(ErrorMapping.fromResponse("list x", 400, null, ApiStatus.EMPTY)).isInstanceOf(InvalidRequestException.class);
    assertThat(ErrorMapping.fromResponse("list x", 500, null, ApiStatus.EMPTY))
        .isInstanceOfSatisfying(TransientSourceException.class, e -> assertThat(e.reason()).isEqualTo(Reason.INTERNAL_ERROR));
    assertThat(ErrorMapping.fromResponse("list x", 503, null, ApiStatus.EMPTY))
        .isInstanceOfSatisfying(TransientSourceException.class, e -> assertThat(e.reason()).isEqualTo(Reason.UNAVAILABLE));
    assertThat(ErrorMapping.fromResponse("list x", 401, null, ApiStatus.EMPTY)).isExactlyInstanceOf(SourceException.class)
        .extracting(SourceException::statusCode).isEqualTo(401);
  }

  @Test
  void a504IsTooLargeOnlyWhenTheStatusSaysSo() {
    ApiStatus tooLarge = new ApiStatus(504, "Timeout", "Too large resource version: 90, current: 12", 1, "ResourceVersionTooLarge");
    assertThat(ErrorMapping.fromResponse("list x", 504, null, tooLarge)).isInstanceOf(TooLargeResourceVersionException.class);
    assertThat(ErrorMapping.fromResponse("list x", 504, null, status(504, "Timeout", "the server timed out")))
        .isInstanceOfSatisfying(TransientSourceException.class, e -> assertThat(e.reason()).isEqualTo(Reason.UNAVAILABLE));
  }

  @Test
  void throttlingCarriesTheRetryAfterHeaderOrTheStatusDetail() {
    assertThat(ErrorMapping.fromResponse("watch x", 429, "7", ApiStatus.EMPTY))
        .isInstanceOfSatisfying(TooManyRequestsException.class, e -> assertThat(e.retryAfter()).isEqualTo(Duration.ofSeconds(7)));
    assertThat(ErrorMapping.fromResponse("watch x", 429, "Wed, 21 Oct 2015 07:28:00 GMT", new ApiStatus(429, "TooManyRequests", "", 3, "")))
        .isInstanceOfSatisfying(TooManyRequestsException.class, e -> assertThat(e.retryAfter()).isEqualTo(Duration.ofSeconds(3)));
    assertThat(ErrorMapping.fromResponse("watch x", 429, null, ApiStatus.EMPTY))
        .isInstanceOfSatisfying(TooManyRequestsException.class, e -> assertThat(e.retryAfter()).isNull());
  }

  @Test
  void anErrorEventUsesTheCodeInItsStatus() {
    assertThat(ErrorMapping.fromWatchError("watch x", status(410, "Expired", "too old resource version: 5 (9)")))
        .isInstanceOf(ExpiredException.class).hasMessageContaining("too old resource version");
    assertThat(ErrorMapping.fromWatchError("watch x", ApiStatus.EMPTY))
        .isInstanceOfSatisfying(TransientSourceException.class, e -> assertThat(e.reason()).isEqualTo(Reason.INTERNAL_ERROR));
  }

  @Test
  void networkFailuresAreTransientWithTheirReason() {
    assertThat(ErrorMapping.fromFailure("list x", new CompletionException(new ConnectException("refused"))))
        .isInstanceOfSatisfying(TransientSourceException.class, e -> assertThat(e.reason()).isEqualTo(Reason.CONNECTION_REFUSED));
    assertThat(ErrorMapping.fromFailure("list x", new SocketTimeoutException("slow")))
        .isInstanceOfSatisfying(TransientSourceException.class, e -> assertThat(e.reason()).isEqualTo(Reason.TIMEOUT));
    assertThat(ErrorMapping.fromFailure("list x", new IOException("connection reset")))
        .isInstanceOfSatisfying(TransientSourceException.class, e -> assertThat(e.reason()).isEqualTo(Reason.CONNECTION_LOST));
    assertThat(ErrorMapping.fromFailure("list x", new IllegalStateException("bug"))).isExactlyInstanceOf(SourceException.class);
  }
}

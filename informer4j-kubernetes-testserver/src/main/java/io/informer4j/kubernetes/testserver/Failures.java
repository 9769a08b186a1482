package io.informer4j.kubernetes.testserver;

import io.informer4j.source.SourceException;
import io.informer4j.source.TransientSourceException;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns what a handler throws into the answer a Kubernetes API server gives: a refused request its
 * status, a simulated API error its status ({@link Statuses#of}), a lost connection a reset, a bad
 * argument 400, and anything else a logged 500. A response already under way is reset instead.
 * Stateless.
 */
final class Failures {

  private static final Logger log = LoggerFactory.getLogger(Failures.class);

  private Failures() {
  }

  /** Runs {@code handler}, answering {@code request} with what it throws. */
  static void answering(HttpServerRequest request, Runnable handler) {
    HttpServerResponse response = request.response();
    try {
      handler.run();
    } catch (RejectedRequest e) {
      fail(response, e.failure());
    } catch (SourceException e) {
      fail(response, e);
    } catch (IllegalArgumentException e) {
      fail(response, Statuses.badRequest(e.getMessage()));
    } catch (RuntimeException e) {
      log.warn("the test server failed on {} {}", request.method(), request.uri(), e);
      fail(response, Statuses.of(new SourceException("internal error: " + e, 500, e)));
    }
  }

  private static void fail(HttpServerResponse response, SourceException error) {
    if (error instanceof TransientSourceException t && (t.reason() == TransientSourceException.Reason.CONNECTION_REFUSED
        || t.reason() == TransientSourceException.Reason.CONNECTION_LOST)) {
      response.reset();
      return;
    }
    fail(response, Statuses.of(error));
  }

  private static void fail(HttpServerResponse response, Statuses.Failure failure) {
    if (response.headWritten()) {
      response.reset();
    } else {
      HttpBodies.send(response, failure);
    }
  }
}

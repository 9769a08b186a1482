package io.informer4j.informer.internal;

import io.informer4j.source.ExpiredException;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.SourceException;
import io.informer4j.source.TooLargeResourceVersionException;
import io.informer4j.source.TooManyRequestsException;
import io.informer4j.source.TransientSourceException;
import java.util.function.Supplier;

/** Calls into a source, and classifies what it throws. Stateless. */
final class SourceCalls {

  private SourceCalls() {
  }

  /**
   * Runs a source call; anything it throws that is not a {@link SourceException} (a backend bug)
   * becomes one, so the informer retries instead of dying.
   */
  static <R> R call(ListerWatcher<?> source, Supplier<R> body) {
    try {
      return body.get();
    } catch (SourceException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new SourceException("unexpected error from " + source.description() + ": " + e, 0, e);
    }
  }

  /** True for the versions-too-old-or-too-new errors that call for a consistent relist. */
  static boolean needsFreshList(SourceException e) {
    return e instanceof ExpiredException || e instanceof TooLargeResourceVersionException;
  }

  /**
   * True for errors that call for re-watching at the same version: on opening a watch, throttling and
   * refused connections (client-go); on a running watch, throttling, a corrupt stream and a silent
   * connection (the events before were applied; the watch resumes after the last of them).
   */
  static boolean rewatchable(SourceException e) {
    return e instanceof TooManyRequestsException || refused(e)
        || (e instanceof TransientSourceException t && (t.reason() == TransientSourceException.Reason.CORRUPT_STREAM
            || t.reason() == TransientSourceException.Reason.IDLE));
  }

  /** True when nothing accepted the connection: the server is down, retrying soon costs it nothing. */
  static boolean refused(SourceException e) {
    return e instanceof TransientSourceException t && t.reason() == TransientSourceException.Reason.CONNECTION_REFUSED;
  }

  /** True when a watch ended like a normal close: cleanly, or with the connection dropped. */
  static boolean endedNormally(SourceException e) {
    return e == null || (e instanceof TransientSourceException t && t.reason() == TransientSourceException.Reason.CONNECTION_LOST);
  }
}

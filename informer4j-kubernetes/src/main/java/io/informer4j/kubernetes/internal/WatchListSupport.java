package io.informer4j.kubernetes.internal;

import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether watch-list ({@code sendInitialEvents}) is worth trying on one API server, shared by every
 * source of a backend: what one informer learnt (the server rejected it, or never ended the initial
 * events) holds for every type, since it is the server (or a proxy before it) that lacks it, so no
 * other informer pays the same refusal or timeout. Once unavailable, it stays so for the backend's
 * life. Thread-safe.
 */
public final class WatchListSupport {

  private static final Logger log = LoggerFactory.getLogger(WatchListSupport.class);

  private final boolean enabled;
  private final AtomicBoolean unavailable = new AtomicBoolean();

  /** @param enabled false when watch-list is never to be tried */
  public WatchListSupport(boolean enabled) {
    this.enabled = enabled;
  }

  /** Returns true while watch-list is enabled and nobody found it unusable. */
  public boolean available() {
    return enabled && !unavailable.get();
  }

  /**
   * Records that watch-list is unusable on this server; the first report is logged, later ones are
   * not.
   *
   * @param source what found it (the type's source), for the log
   * @param reason what it saw
   */
  public void markUnavailable(String source, String reason) {
    if (enabled && unavailable.compareAndSet(false, true)) {
      log.info("watch-list is unusable on this server ({}: {}); every informer of this backend lists instead from now on",
          source, reason);
    }
  }
}

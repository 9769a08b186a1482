package io.informer4j.manager;

import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What was obtained for one controller and is closed when the controller stops
 * ({@link ControllerBuilder#closeOnStop}): closed in reverse order of adding, once, after the
 * controller's workers ended; one added after that is closed at once. What a close throws is logged
 * and the others are closed still. Thread-safe.
 */
final class ClosedOnStop {

  private static final Logger log = LoggerFactory.getLogger(ClosedOnStop.class);

  private final String controller;
  private final List<AutoCloseable> resources = new ArrayList<>();
  private boolean closed;

  ClosedOnStop(String controller) {
    this.controller = controller;
  }

  /** Adds {@code resource}, or closes it now if the controller has stopped. */
  void add(AutoCloseable resource) {
    synchronized (resources) {
      if (!closed) {
        resources.add(resource);
        return;
      }
    }
    close(resource);
  }

  /** Closes everything added, last added first; idempotent. */
  void closeAll() {
    List<AutoCloseable> toClose;
    synchronized (resources) {
      closed = true;
      toClose = new ArrayList<>(resources);
      resources.clear();
    }
    for (int i = toClose.size() - 1; i >= 0; i--) {
      close(toClose.get(i));
    }
  }

  private void close(AutoCloseable resource) {
    try {
      resource.close();
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      log.warn("controller '{}': closing {} failed", controller, resource, e);
    }
  }
}

package io.informer4j.source;

import java.util.concurrent.CompletableFuture;

/**
 * Something that contacts a backend on its own and can tell how its first contact went: for example
 * the handle {@link Backend#onTypeAdded} returns when it watches for new types (the Kubernetes
 * backend's CRD watch). A start-up check waits on it as on an informer's first list.
 */
public interface FirstContact {

  /** Names what contacts the backend, for error messages (for example the CRD watch and its resource). */
  String description();

  /**
   * Completes at the first contact: normally once the backend answered, exceptionally with the first
   * failure (a {@link SourceException}) or with what ended the watch first. Never blocks.
   */
  CompletableFuture<Void> firstContact();
}

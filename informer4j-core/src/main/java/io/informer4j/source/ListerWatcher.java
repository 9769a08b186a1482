package io.informer4j.source;

/**
 * The list-watch SPI: what informer4j needs from any API to keep a cache of one object type.
 *
 * <p>Implementations exist for Kubernetes (fabric8), etcd (jetcd) and the testkit's SimulatedApi;
 * anything that can list at a version and watch from it can implement this. Every implementation
 * should pass the testkit's {@code ListerWatcherContract}.
 *
 * <p>Implementations must be thread-safe. Errors are reported as {@link SourceException}
 * subclasses so the informer can choose between re-watching, relisting and backing off: expired
 * versions as {@link ExpiredException}, throttling as {@link TooManyRequestsException}, missing types
 * as {@link TypeNotFoundException}, network and 5xx problems as {@link TransientSourceException}.
 *
 * @param <T> the object type
 */
public interface ListerWatcher<T> {

  /**
   * Lists one page, pushing each item to {@code sink} before returning. Blocks until the page is
   * read; honours thread interruption by throwing.
   *
   * @return the page's resourceVersion and continue token
   * @throws SourceException if the list failed; items already pushed to the sink must then be
   *                         discarded by the caller
   */
  ListPage list(ListRequest request, ListSink<T> sink);

  /**
   * Opens a watch. Blocks until the server accepted it (or refused it), then returns; events follow
   * on the backend's threads through {@code listener}.
   *
   * @return a handle that stops the watch
   * @throws SourceException if the watch could not be opened
   */
  WatchHandle watch(WatchRequest request, WatchListener<T> listener);

  /**
   * Returns whether {@link WatchRequest#sendInitialEvents()} is worth trying. A source that returns
   * true may still reject it (then the informer falls back to listing); one that returns false is
   * never asked. Default: true.
   */
  default boolean supportsWatchList() {
    return true;
  }

  /**
   * Tells the source that an informer found watch-list unusable on it: the server rejected
   * {@code sendInitialEvents}, or never ended the initial events (a server or proxy that ignores
   * the parameter). A source created by a backend that serves many types should remember it for all
   * of them and answer false from {@link #supportsWatchList()} from now on, so each informer does
   * not pay the same timeout. Thread-safe. The default does nothing.
   *
   * @param reason what the informer saw, for logs
   */
  default void watchListUnavailable(String reason) {
  }

  /**
   * Returns the page size an informer should list with when it was not given one, or 0 for the
   * informer's default (500, as client-go's pager). A source whose server pays per page (etcd 3.4
   * walks the rest of the range for every limited read) returns a size that is a multiple of what
   * it reads per request. Default: 0.
   */
  default long preferredPageSize() {
    return 0;
  }

  /** Returns a short description for logs and status, such as the resource path. */
  default String description() {
    return getClass().getSimpleName();
  }
}

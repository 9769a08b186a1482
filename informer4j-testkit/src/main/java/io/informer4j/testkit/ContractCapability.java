package io.informer4j.testkit;

/**
 * Something a {@link io.informer4j.source.ListerWatcher} under the {@link ListerWatcherContract} may
 * be unable to do; the contract skips the tests of capabilities the backend does not declare.
 */
public enum ContractCapability {
  /** The backend honours {@code allowBookmarks}; the contract's watches then ask for bookmarks. */
  BOOKMARKS,
  /** The backend streams initial events ending with an initialEventsEnd bookmark (watch-list). */
  WATCH_LIST,
  /** The backend filters on {@code metadata.name} field selectors. */
  FIELD_SELECTORS,
  /** The backend pages lists with limit and continue, every page at the first page's version. */
  PAGINATION,
  /** The test can expire history ({@link ListerWatcherContract#expireHistory()}). */
  HISTORY_EXPIRY
}

package io.informer4j.source;

/**
 * What a list call returns besides its items, which went to the {@link ListSink}.
 *
 * @param resourceVersion    the version the page was read at; watch from it to see later changes
 * @param continueToken      the token for the next page, or null when this was the last page
 * @param remainingItemCount how many items follow, when the server says; null otherwise
 */
public record ListPage(String resourceVersion, String continueToken, Long remainingItemCount) {

  /** Normalizes an empty continue token to null. */
  public ListPage {
    resourceVersion = resourceVersion == null ? "" : resourceVersion;
    continueToken = continueToken == null || continueToken.isEmpty() ? null : continueToken;
  }

  /** Returns a last page read at {@code resourceVersion}. */
  public static ListPage last(String resourceVersion) {
    return new ListPage(resourceVersion, null, null);
  }

  /** Returns true when another page follows. */
  public boolean hasMore() {
    return continueToken != null;
  }
}

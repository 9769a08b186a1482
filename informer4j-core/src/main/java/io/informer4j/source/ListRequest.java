package io.informer4j.source;

import java.util.Objects;

/**
 * One list call: what to select, at which resourceVersion, and which page.
 *
 * <p>Immutable and thread-safe.
 *
 * @param selection       the namespace and selectors
 * @param resourceVersion {@code ""} for a consistent read of the latest state, {@code "0"} for any
 *                        state, or a version (see {@link ResourceVersionMatch}); never null
 * @param match           how {@code resourceVersion} is interpreted
 * @param limit           the page size; 0 for no limit
 * @param continueToken   the token from the previous page, or null for the first page; the
 *                        resourceVersion must then be {@code ""} and the match {@code UNSET}
 */
public record ListRequest(Selection selection, String resourceVersion, ResourceVersionMatch match, long limit,
                          String continueToken) {

  /**
   * @throws IllegalArgumentException if {@code limit} is negative, or a continue token is combined
   *                                  with a resourceVersion or match (the server rejects that)
   */
  public ListRequest {
    Objects.requireNonNull(selection, "selection");
    resourceVersion = resourceVersion == null ? "" : resourceVersion;
    Objects.requireNonNull(match, "match");
    continueToken = continueToken == null || continueToken.isEmpty() ? null : continueToken;
    if (limit < 0) {
      throw new IllegalArgumentException("list limit must not be negative: " + limit);
    }
    if (continueToken != null && (!resourceVersion.isEmpty() || match != ResourceVersionMatch.UNSET)) {
      throw new IllegalArgumentException("a continue token cannot be combined with resourceVersion '" + resourceVersion
          + "' or match " + match);
    }
  }

  /** Returns a first-page request of everything in {@code selection} at {@code resourceVersion}. */
  public static ListRequest of(Selection selection, String resourceVersion) {
    return new ListRequest(selection, resourceVersion, ResourceVersionMatch.UNSET, 0, null);
  }

  /** Returns a copy with the page size set. */
  public ListRequest withLimit(long limit) {
    return new ListRequest(selection, resourceVersion, match, limit, continueToken);
  }

  /** Returns a copy with the match rule set. */
  public ListRequest withMatch(ResourceVersionMatch match) {
    return new ListRequest(selection, resourceVersion, match, limit, continueToken);
  }

  /** Returns the request for the page after one that returned {@code token}: same selection and limit. */
  public ListRequest continueWith(String token) {
    return new ListRequest(selection, "", ResourceVersionMatch.UNSET, limit, token);
  }
}

package io.informer4j.etcd.internal;

import io.informer4j.source.InvalidRequestException;
import io.informer4j.source.ResourceVersionMatch;

/**
 * How list and watch resourceVersions map onto etcd revisions. Stateless.
 *
 * <ul>
 *   <li>{@code ""}: the latest state, read linearizably; {@code "0"}: any state, read serializably
 *       (from the member's own copy);
 *   <li>{@code "N"} with match UNSET or NOT_OLDER_THAN: the latest state, which must be at least at
 *       revision N (else the version is too large);
 *   <li>{@code "N"} with EXACT: the state at revision N (compacted: expired; future: too large).
 * </ul>
 */
public final class Revisions {

  private Revisions() {
  }

  /**
   * A parsed list resourceVersion.
   *
   * @param exact        the revision to read at, or 0 for the latest
   * @param atLeast      the lowest acceptable revision of a latest read, or 0
   * @param serializable whether a serializable (possibly stale) read is acceptable
   */
  public record ReadPoint(long exact, long atLeast, boolean serializable) {
  }

  /**
   * Parses the resourceVersion and match of a first list page.
   *
   * @throws InvalidRequestException (422) for a match that needs a version it was not given, (400)
   *                                 for a version that is not a revision number
   */
  public static ReadPoint forList(String resourceVersion, ResourceVersionMatch match) {
    if (resourceVersion.isEmpty()) {
      if (match != ResourceVersionMatch.UNSET) {
        throw new InvalidRequestException("resourceVersionMatch " + match + " needs a resourceVersion", 422);
      }
      return new ReadPoint(0, 0, false);
    }
    if ("0".equals(resourceVersion)) {
      if (match == ResourceVersionMatch.EXACT) {
        throw new InvalidRequestException("resourceVersionMatch EXACT cannot be used with resourceVersion \"0\"", 422);
      }
      return new ReadPoint(0, 0, true);
    }
    long revision = parse(resourceVersion);
    return match == ResourceVersionMatch.EXACT ? new ReadPoint(revision, 0, false) : new ReadPoint(0, revision, false);
  }

  /**
   * Parses the resourceVersion of a watch that starts with the current state (synthetic ADDED
   * events or watch-list): {@code ""} latest, {@code "0"} any, {@code "N"} latest but at least N.
   *
   * @throws InvalidRequestException (400) for a version that is not a revision number
   */
  public static ReadPoint forInitialState(String resourceVersion) {
    if (resourceVersion.isEmpty()) {
      return new ReadPoint(0, 0, false);
    }
    if ("0".equals(resourceVersion)) {
      return new ReadPoint(0, 0, true);
    }
    return new ReadPoint(0, parse(resourceVersion), false);
  }

  /**
   * Parses a revision number.
   *
   * @throws InvalidRequestException (400) if it is not a positive decimal number
   */
  public static long parse(String resourceVersion) {
    long revision;
    try {
      revision = Long.parseLong(resourceVersion);
    } catch (NumberFormatException e) {
      throw new InvalidRequestException("resourceVersion '" + resourceVersion + "' is not an etcd revision", 400);
    }
    if (revision < 0) {
      throw new InvalidRequestException("resourceVersion '" + resourceVersion + "' is negative", 400);
    }
    return revision;
  }
}

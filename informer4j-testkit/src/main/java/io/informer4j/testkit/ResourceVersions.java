package io.informer4j.testkit;

import io.informer4j.source.InvalidRequestException;

/**
 * Reads the resourceVersion text of a request. The simulated server writes versions as decimal
 * numbers; {@code ""} and {@code "0"} have their own meanings and are handled by the callers.
 */
final class ResourceVersions {

  private ResourceVersions() {
  }

  /**
   * Parses a specific version.
   *
   * @throws InvalidRequestException (400) if the text is not a positive decimal number, as the API
   *                                 server rejects an unparsable resourceVersion
   */
  static long parse(String text) {
    try {
      long value = Long.parseLong(text);
      if (value > 0) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below with the request's wording
    }
    throw new InvalidRequestException("invalid resourceVersion '" + text + "': not a positive decimal number", 400);
  }

  /** Returns true for {@code ""}, the unset version. */
  static boolean isUnset(String text) {
    return text.isEmpty();
  }

  /** Returns true for {@code "0"}, "any version". */
  static boolean isAny(String text) {
    return "0".equals(text);
  }
}

package io.informer4j.testkit;

import io.informer4j.source.InvalidRequestException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The continue token of a paginated list: the revision of the first page (every page is read at
 * it), the key after which the next page starts, and how many matching items remain when the first
 * page counted them; encoded opaquely as Kubernetes encodes its tokens.
 *
 * @param revision  the revision all pages are read at
 * @param lastKey   the key of the last item returned; the next page starts after it
 * @param remaining how many matching items follow the last one; -1 when they were not counted
 */
record ContinueToken(long revision, String lastKey, long remaining) {

  private static final String PREFIX = "sim2:";

  /** Returns the opaque text of this token. */
  String encode() {
    String plain = PREFIX + revision + ":" + remaining + ":" + lastKey;
    return Base64.getUrlEncoder().withoutPadding().encodeToString(plain.getBytes(StandardCharsets.UTF_8));
  }

  /** Returns the count of items after a following page of {@code pageSize} items, or null when not counted. */
  Long remainingAfter(int pageSize) {
    return remaining < 0 ? null : remaining - pageSize;
  }

  /**
   * Decodes a token this server issued.
   *
   * @throws InvalidRequestException (400) if the text is not such a token
   */
  static ContinueToken decode(String text) {
    try {
      String plain = new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8);
      int first = plain.indexOf(':', PREFIX.length());
      int second = first < 0 ? -1 : plain.indexOf(':', first + 1);
      if (plain.startsWith(PREFIX) && second > first + 1) {
        long revision = Long.parseLong(plain.substring(PREFIX.length(), first));
        long remaining = Long.parseLong(plain.substring(first + 1, second));
        return new ContinueToken(revision, plain.substring(second + 1), remaining);
      }
    } catch (IllegalArgumentException malformed) {
      // reported below; NumberFormatException is an IllegalArgumentException too
    }
    throw new InvalidRequestException("continue key is not valid: '" + text + "'", 400);
  }
}

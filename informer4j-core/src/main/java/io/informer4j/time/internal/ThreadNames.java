package io.informer4j.time.internal;

import java.util.regex.Pattern;

/**
 * Makes the names users give (managers, controllers, queues, which may be a type's name such as
 * {@code "apps/v1, Kind=Deployment"}) fit for thread names, so thread dumps, profilers and
 * {@code top -H} show one readable word per thread. Implementation detail: not for use outside
 * informer4j. Stateless and thread-safe.
 */
public final class ThreadNames {

  private static final Pattern SEPARATORS = Pattern.compile("[\\s,]+");

  private ThreadNames() {
  }

  /** Returns {@code name} with each run of whitespace and commas replaced by one {@code -}. */
  public static String readable(String name) {
    return SEPARATORS.matcher(name).replaceAll("-");
  }
}

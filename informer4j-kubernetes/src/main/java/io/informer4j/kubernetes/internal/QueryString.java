package io.informer4j.kubernetes.internal;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Builds a URL query string, encoding each value. Not thread-safe. */
final class QueryString {

  private final StringBuilder text = new StringBuilder();

  /** Adds {@code name=value} when the value is neither null nor empty; returns this. */
  QueryString add(String name, String value) {
    if (value == null || value.isEmpty()) {
      return this;
    }
    text.append(text.isEmpty() ? '?' : '&').append(name).append('=')
        .append(URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20"));
    return this;
  }

  /** Returns the query, starting with {@code ?}, or {@code ""} when nothing was added. */
  @Override
  public String toString() {
    return text.toString();
  }
}

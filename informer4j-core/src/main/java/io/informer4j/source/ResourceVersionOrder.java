package io.informer4j.source;

import java.util.Objects;

/**
 * Whether a backend's resourceVersions may be compared as ordered numbers, or only tested for
 * equality. Kubernetes documents resourceVersions as opaque strings; Kubernetes 1.34 and later
 * guarantee they are decimal integers ordered like the writes that made them (client-go's
 * {@code CompareResourceVersion}), etcd's mod revisions are ordered, and so are the testkit's
 * simulated API's versions. A backend says which by {@link Backend#resourceVersionOrder}.
 *
 * <p>Comparison is textual, so versions of any length compare correctly: a canonical decimal (digits
 * only, no leading zero except {@code "0"} itself) with more digits is larger; equal lengths compare
 * digit by digit. Immutable and thread-safe.
 */
public enum ResourceVersionOrder {

  /** Versions are canonical decimal numbers, larger for later writes. */
  NUMERIC,

  /** Versions are opaque: only equality means anything. The default of every backend. */
  OPAQUE;

  /**
   * Returns true when {@link #compare} can order {@code a} and {@code b}: this order is
   * {@link #NUMERIC} and both are canonical decimal numbers. A malformed version under
   * {@code NUMERIC} is not comparable; callers then fall back to equality.
   */
  public boolean comparable(String a, String b) {
    return this == NUMERIC && isCanonicalDecimal(a) && isCanonicalDecimal(b);
  }

  /**
   * Compares two versions: negative when {@code a} is older than {@code b}, zero when equal,
   * positive when newer.
   *
   * @throws IllegalArgumentException if they are not {@link #comparable}
   */
  public int compare(String a, String b) {
    if (!comparable(a, b)) {
      throw new IllegalArgumentException("resourceVersions '" + a + "' and '" + b + "' cannot be ordered under " + this);
    }
    return a.length() != b.length() ? Integer.compare(a.length(), b.length()) : a.compareTo(b);
  }

  private static boolean isCanonicalDecimal(String version) {
    Objects.requireNonNull(version, "version");
    if (version.isEmpty() || version.length() > 1 && version.charAt(0) == '0') {
      return false;
    }
    for (int i = 0; i < version.length(); i++) {
      char c = version.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }
}

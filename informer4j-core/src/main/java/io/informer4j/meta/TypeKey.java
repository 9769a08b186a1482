package io.informer4j.meta;

import java.util.Objects;

/**
 * Identity of an object type: API group, version and kind.
 *
 * <p>{@link #toString()} is exactly Go's {@code schema.GroupVersionKind.String()}:
 * {@code "group/version, Kind=Kind"}, and {@code "/v1, Kind=ConfigMap"} for the core group. That text
 * is the key the shared informer factory and the queue registry use, so logs, status and metrics
 * match those of Go controllers.
 *
 * <p>Immutable and thread-safe.
 *
 * @param group   the API group, {@code ""} for the Kubernetes core group; never null
 * @param version the API version, never null or blank
 * @param kind    the kind, never null or blank
 */
public record TypeKey(String group, String version, String kind) {

  /**
   * Validates the components.
   *
   * @throws NullPointerException     if a component is null
   * @throws IllegalArgumentException if version or kind is blank
   */
  public TypeKey {
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(kind, "kind");
    if (version.isBlank()) {
      throw new IllegalArgumentException("TypeKey version must not be blank (kind '" + kind + "')");
    }
    if (kind.isBlank()) {
      throw new IllegalArgumentException("TypeKey kind must not be blank (group '" + group + "', version '" + version + "')");
    }
  }

  /** Returns the key of {@code kind} in {@code group/version}. */
  public static TypeKey of(String group, String version, String kind) {
    return new TypeKey(group, version, kind);
  }

  /**
   * Returns the key for an {@code apiVersion} (as written in Kubernetes objects: {@code "v1"} or
   * {@code "apps/v1"}) and a kind.
   *
   * @throws IllegalArgumentException if {@code apiVersion} has more than one {@code /} or is blank
   */
  public static TypeKey fromApiVersion(String apiVersion, String kind) {
    Objects.requireNonNull(apiVersion, "apiVersion");
    int slash = apiVersion.indexOf('/');
    if (slash < 0) {
      return new TypeKey("", apiVersion, kind);
    }
    if (apiVersion.indexOf('/', slash + 1) >= 0) {
      throw new IllegalArgumentException("apiVersion '" + apiVersion + "' has more than one '/'");
    }
    return new TypeKey(apiVersion.substring(0, slash), apiVersion.substring(slash + 1), kind);
  }

  /**
   * Parses the {@link #toString()} form, {@code "group/version, Kind=Kind"}.
   *
   * @throws IllegalArgumentException if {@code text} is not in that form
   */
  public static TypeKey parse(String text) {
    Objects.requireNonNull(text, "text");
    int comma = text.indexOf(", Kind=");
    int slash = text.indexOf('/');
    if (comma < 0 || slash < 0 || slash > comma) {
      throw new IllegalArgumentException("'" + text + "' is not of the form 'group/version, Kind=Kind'");
    }
    return new TypeKey(text.substring(0, slash), text.substring(slash + 1, comma), text.substring(comma + 7));
  }

  /** Returns {@code "group/version"}, or just {@code "version"} for the core group. */
  public String apiVersion() {
    return group.isEmpty() ? version : group + "/" + version;
  }

  /** Returns Go's text form, {@code "group/version, Kind=Kind"}. */
  @Override
  public String toString() {
    return group + "/" + version + ", Kind=" + kind;
  }
}

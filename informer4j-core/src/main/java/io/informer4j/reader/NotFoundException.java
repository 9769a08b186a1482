package io.informer4j.reader;

import io.informer4j.meta.TypeKey;

/**
 * The cache holds no object under the key asked for (Kubernetes' 404 NotFound). As in
 * controller-runtime, the kind stands where a resource name would, so the message reads
 * {@code Kind.group "name" not found} ({@code Kind "name" not found} for the core group).
 */
public final class NotFoundException extends CacheException {
  private static final long serialVersionUID = 1L;

  private final String namespace;
  private final String name;

  /**
   * @param type      the type looked up
   * @param namespace the namespace looked in, {@code ""} for cluster-scoped types
   * @param name      the name looked for
   */
  public NotFoundException(TypeKey type, String namespace, String name) {
    super(type, qualifiedKind(type) + " \"" + name + "\" not found", null);
    this.namespace = namespace;
    this.name = name;
  }

  private static String qualifiedKind(TypeKey type) {
    return type.group().isEmpty() ? type.kind() : type.kind() + "." + type.group();
  }

  /** Returns the API group of the type. */
  public String group() {
    return type().group();
  }

  /** Returns the kind (Go's error puts it in the resource slot). */
  public String kind() {
    return type().kind();
  }

  /** Returns the namespace looked in, {@code ""} for cluster-scoped types. */
  public String namespace() {
    return namespace;
  }

  /** Returns the name looked for. */
  public String name() {
    return name;
  }
}

package io.informer4j.reader;

import io.informer4j.meta.TypeKey;
import java.util.Collection;

/** A read in a namespace the cache does not cover for that type. */
public final class UnknownNamespaceException extends CacheException {
  private static final long serialVersionUID = 1L;

  private final String namespace;

  /**
   * @param type       the type read
   * @param namespace  the namespace asked for ({@code ""} for a get without namespace)
   * @param covered    the namespaces the cache covers for the type
   */
  public UnknownNamespaceException(TypeKey type, String namespace, Collection<String> covered) {
    super(type, "unable to read " + type + " in namespace '" + namespace
        + "' because of unknown namespace for the cache (it covers " + covered + ")", null);
    this.namespace = namespace;
  }

  /** Returns the namespace asked for. */
  public String namespace() {
    return namespace;
  }
}

package io.informer4j.reader;

/**
 * Options of one {@link CacheReader#get} call. Immutable and thread-safe.
 *
 * @param unsafeDisableDeepCopy return the cached instance itself instead of a deep copy (the
 *                              zero-copy view: compact, and read-only where its compact form is);
 *                              the caller must never modify it (it would silently change the cache).
 *                              Deep copy is also skipped when the type's cache options disable it.
 */
public record GetOptions(boolean unsafeDisableDeepCopy) {

  private static final GetOptions DEFAULTS = new GetOptions(false);

  /** Returns the defaults: a deep copy unless the type's options disable it. */
  public static GetOptions defaults() {
    return DEFAULTS;
  }

  /** Returns options that skip the deep copy for this call. */
  public static GetOptions withoutDeepCopy() {
    return new GetOptions(true);
  }
}

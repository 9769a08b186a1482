package io.informer4j.reader;

import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import java.util.Objects;

/**
 * Options of one {@link CacheReader#list} call. Immutable and thread-safe.
 *
 * @param namespace             the namespace to list, {@code ""} for all (ignored for cluster-scoped
 *                              types); never null after construction
 * @param labels                the label selector, applied in memory
 * @param fields                the field selector: exact terms only, each backed by a field index
 * @param limit                 the most items to return, 0 for no limit
 * @param continueToken         must be null: the cache has no pages and rejects a continue token
 * @param unsafeDisableDeepCopy return the cached instances instead of deep copies (read-only!)
 */
public record ListOptions(String namespace, LabelSelector labels, FieldSelector fields, long limit,
                          String continueToken, boolean unsafeDisableDeepCopy) {

  private static final ListOptions ALL = new ListOptions("", LabelSelector.everything(), FieldSelector.everything(),
      0, null, false);

  /**
   * Normalizes a null namespace to {@code ""}.
   *
   * @throws IllegalArgumentException if the limit is negative
   */
  public ListOptions {
    namespace = namespace == null ? "" : namespace;
    Objects.requireNonNull(labels, "labels");
    Objects.requireNonNull(fields, "fields");
    if (limit < 0) {
      throw new IllegalArgumentException("list limit must not be negative: " + limit);
    }
    continueToken = continueToken == null || continueToken.isEmpty() ? null : continueToken;
  }

  /** Returns the options listing everything in every namespace. */
  public static ListOptions all() {
    return ALL;
  }

  /** Returns the options listing everything in {@code namespace}. */
  public static ListOptions inNamespace(String namespace) {
    return ALL.withNamespace(namespace);
  }

  /** Returns a copy listing {@code namespace} ({@code ""} for all). */
  public ListOptions withNamespace(String namespace) {
    return new ListOptions(namespace, labels, fields, limit, continueToken, unsafeDisableDeepCopy);
  }

  /** Returns a copy with the label selector replaced. */
  public ListOptions withLabels(LabelSelector labels) {
    return new ListOptions(namespace, labels, fields, limit, continueToken, unsafeDisableDeepCopy);
  }

  /** Returns a copy with the field selector replaced. */
  public ListOptions withFields(FieldSelector fields) {
    return new ListOptions(namespace, labels, fields, limit, continueToken, unsafeDisableDeepCopy);
  }

  /** Returns a copy with the limit replaced (0 for none). */
  public ListOptions withLimit(long limit) {
    return new ListOptions(namespace, labels, fields, limit, continueToken, unsafeDisableDeepCopy);
  }

  /** Returns a copy with a continue token, which the cache rejects; for completeness of the options. */
  public ListOptions withContinue(String continueToken) {
    return new ListOptions(namespace, labels, fields, limit, continueToken, unsafeDisableDeepCopy);
  }

  /** Returns a copy that skips (true) or keeps (false) the deep copy of the results. */
  public ListOptions withUnsafeDisableDeepCopy(boolean disable) {
    return new ListOptions(namespace, labels, fields, limit, continueToken, disable);
  }
}

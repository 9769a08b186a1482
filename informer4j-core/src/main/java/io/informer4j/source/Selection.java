package io.informer4j.source;

import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import java.util.Objects;

/**
 * Which objects a list or watch covers: a namespace (or all) and label and field selectors.
 *
 * <p>Immutable and thread-safe.
 *
 * @param namespace the namespace, or null for all namespaces (and for cluster-scoped types)
 * @param labels    the label selector, never null
 * @param fields    the field selector, never null
 */
public record Selection(String namespace, LabelSelector labels, FieldSelector fields) {

  private static final Selection ALL = new Selection(null, LabelSelector.everything(), FieldSelector.everything());

  /** Normalizes an empty namespace to null (all namespaces). */
  public Selection {
    namespace = namespace == null || namespace.isEmpty() ? null : namespace;
    Objects.requireNonNull(labels, "labels");
    Objects.requireNonNull(fields, "fields");
  }

  /** Returns the selection of every object in every namespace. */
  public static Selection all() {
    return ALL;
  }

  /** Returns every object of one namespace. */
  public static Selection inNamespace(String namespace) {
    return ALL.withNamespace(namespace);
  }

  /** Returns a copy scoped to {@code namespace} (null or empty for all). */
  public Selection withNamespace(String namespace) {
    return new Selection(namespace, labels, fields);
  }

  /** Returns a copy with the label selector replaced. */
  public Selection withLabels(LabelSelector labels) {
    return new Selection(namespace, labels, fields);
  }

  /** Returns a copy with the field selector replaced. */
  public Selection withFields(FieldSelector fields) {
    return new Selection(namespace, labels, fields);
  }

  /** Returns true when a namespace is set. */
  public boolean isNamespaced() {
    return namespace != null;
  }

  /** Returns true when the selection is every object of every namespace. */
  public boolean isEverything() {
    return namespace == null && labels.isEverything() && fields.isEverything();
  }
}

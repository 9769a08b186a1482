package io.informer4j.source;

import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import java.util.Objects;

/**
 * Which objects a list or watch covers: a namespace (or all) and label and field selectors.
 *
 * <p>Immutable and thread-safe.
 *
 * @param namespace the namespace, or {@value #ALL_NAMESPACES} for all namespaces (and for
 *                  cluster-scoped types); null is taken as all
 * @param labels    the label selector, never null
 * @param fields    the field selector, never null
 */
public record Selection(String namespace, LabelSelector labels, FieldSelector fields) {

  /** The namespace of a selection that covers every namespace. */
  public static final String ALL_NAMESPACES = "";

  private static final Selection ALL = new Selection(ALL_NAMESPACES, LabelSelector.everything(), FieldSelector.everything());

  /** Takes a null namespace as all namespaces. */
  public Selection {
    namespace = namespace == null ? ALL_NAMESPACES : namespace;
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

  /** Returns a copy scoped to {@code namespace} ({@value #ALL_NAMESPACES} for all). */
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
    return !namespace.isEmpty();
  }

  /** Returns true when the selection is every object of every namespace. */
  public boolean isEverything() {
    return namespace.isEmpty() && labels.isEverything() && fields.isEverything();
  }
}

/**
 * Object identity and matching: {@link io.informer4j.meta.TypeKey} (group, version, kind),
 * {@link io.informer4j.meta.ObjectType} (a type in one Java representation, with the
 * {@link io.informer4j.meta.ObjectAdapter} that reads its objects), {@link io.informer4j.meta.ObjectKey}
 * ({@code namespace/name}), label and field selectors with the Kubernetes syntax, the type registry
 * and the one namespace rule ({@link io.informer4j.meta.NamespaceMatcher}) every namespace filter
 * asks. Depends on nothing else in informer4j. Values are immutable and thread-safe; parsers throw
 * {@link io.informer4j.meta.SelectorParseException} naming the offending position; registries are
 * thread-safe. Package-private classes are lookup structures of the matcher, not API.
 */
package io.informer4j.meta;

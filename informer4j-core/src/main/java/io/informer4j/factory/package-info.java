/**
 * The shared informer factory: {@link io.informer4j.factory.SharedInformerFactory}, a layer over an
 * {@link io.informer4j.reader.InformersMap} that routes every event of each registered type to that
 * type's work queue (or the default queue), filters namespaces in three tiers through one
 * {@link io.informer4j.meta.NamespaceMatcher}, and reports per-type status
 * ({@link io.informer4j.factory.TypeStatus}) and drops ({@link io.informer4j.controller.DropReason}).
 * The factory owns no informer of its own. It is thread-safe; its hooks are called on handler
 * lanes and must be quick. Package-private classes (routes, status text) are not
 * API.
 */
package io.informer4j.factory;

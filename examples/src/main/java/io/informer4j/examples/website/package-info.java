/**
 * A sample Kubernetes operator: the {@link io.informer4j.examples.website.Website} custom resource,
 * served from a ConfigMap and a Deployment it owns, with a finalizer, status conditions and Events,
 * built on the operator helpers of {@code io.informer4j.kubernetes.operator} and a
 * {@link io.informer4j.manager.Manager}. An example, not API.
 */
package io.informer4j.examples.website;

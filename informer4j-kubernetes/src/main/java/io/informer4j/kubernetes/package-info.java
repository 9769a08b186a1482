/**
 * The Kubernetes backend over fabric8: {@link io.informer4j.kubernetes.KubernetesBackend} implements
 * {@link io.informer4j.source.Backend} for typed models, dynamic {@code GenericKubernetesResource}s
 * and metadata-only objects, with discovery (present, absent, unknown, forbidden) and a CRD watch
 * that activates missing types; {@link io.informer4j.kubernetes.KubernetesListerWatcher} is the
 * list-watch of one resource; {@link io.informer4j.kubernetes.KubernetesTransforms} shrink cached
 * objects. HTTP and Kubernetes errors map to the typed source exceptions. Backends and list-watchers
 * are thread-safe; a backend built by {@code connect} owns its client and closes it.
 */
package io.informer4j.kubernetes;

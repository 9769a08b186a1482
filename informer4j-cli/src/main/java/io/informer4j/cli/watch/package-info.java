/**
 * The targets of {@code informer4j watch}: a Kubernetes cluster through a kubeconfig, or an etcd
 * with its endpoints and TLS settings; resource specifications, a pre-flight check of access, and
 * the readable messages for source errors. Not API.
 */
package io.informer4j.cli.watch;

/**
 * Cluster providers for a {@link io.informer4j.fleet.FleetManager} over Kubernetes: kubeconfig
 * files in a directory ({@link io.informer4j.kubernetes.fleet.KubeconfigDirectoryProvider}) and
 * kubeconfig Secrets in a hub cluster ({@link io.informer4j.kubernetes.fleet.KubeconfigSecretProvider}).
 */
package io.informer4j.kubernetes.fleet;

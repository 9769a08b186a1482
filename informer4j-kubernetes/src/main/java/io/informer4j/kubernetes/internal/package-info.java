/**
 * The Kubernetes backend's implementation: request paths, streaming list and watch decoding,
 * WebSocket and HTTP watches, error mapping, read-only compact copies and the tuned Vert.x client.
 * Not API: its classes may change without notice.
 */
package io.informer4j.kubernetes.internal;

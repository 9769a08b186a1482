/**
 * The etcd backend's implementation: chunked range reads, watches with progress requests, event
 * translation, revision and continue-token arithmetic, and the mapping of gRPC and etcd errors.
 * Not API: its classes may change without notice.
 */
package io.informer4j.etcd.internal;

/**
 * Timer and deadline helpers shared by the queues and controllers: a scheduler that owns one timer
 * thread, and saturating nanosecond arithmetic. Not API: the package is not exported by the module
 * {@code informer4j.core}, and its classes may change without notice.
 */
package io.informer4j.time.internal;

/**
 * Timer and deadline helpers shared by the queues and controllers: a scheduler that owns one timer
 * thread, saturating nanosecond arithmetic, and thread names free of spaces and commas (for the
 * informers' runtime too). Not API: the package is not exported by the module
 * {@code informer4j.core}, and its classes may change without notice.
 */
package io.informer4j.time.internal;

/**
 * The informer's implementation: the reflector (list, watch, relist, backoff, watch-list), the
 * in-order event processor that applies changes to the cache, handler lanes, the elastic thread
 * pools and the stall monitor. Not API: the package is not exported by the module
 * {@code informer4j.core}, only {@code io.informer4j.informer} uses it, and its classes may change
 * without notice.
 */
package io.informer4j.informer.internal;

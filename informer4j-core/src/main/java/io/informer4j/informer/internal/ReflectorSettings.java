package io.informer4j.informer.internal;

import io.informer4j.informer.BackoffPolicy;
import io.informer4j.informer.RetryPolicy;
import io.informer4j.source.Selection;
import io.informer4j.source.SourceException;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;

/**
 * How a reflector lists and watches.
 *
 * @param selection         what to list and watch
 * @param pageSize          list page size; 0 for client-go's automatic choice
 * @param watchList         try streaming the initial state (sendInitialEvents) before listing
 * @param watchListTimeout  how long a watch-list may go without an initial event before the
 *                          informer gives up on it and lists instead
 * @param minWatchTimeout   watches time out after a random duration in [min, 2 × min)
 * @param watchIdleTimeout  a watch that delivers nothing for this long is re-opened
 * @param readTimeout       a list page or watch opening that receives nothing for this long is abandoned
 * @param backoff           delays between failed attempts
 * @param reconnectBackoff  delays between attempts while the server refuses connections
 * @param retryPolicy       whether to keep retrying
 * @param watchErrorHandler told about every list and watch failure (for visibility)
 * @param random            numbers in [0, 1) for jitter and timeouts
 * @param rereadStale       re-read by key an object a watch event left stale ({@link StaleObjectHealer})
 */
public record ReflectorSettings(Selection selection, long pageSize, boolean watchList, Duration watchListTimeout,
                                Duration minWatchTimeout, Duration watchIdleTimeout, Duration readTimeout,
                                BackoffPolicy backoff, BackoffPolicy reconnectBackoff, RetryPolicy retryPolicy,
                                Consumer<SourceException> watchErrorHandler, DoubleSupplier random,
                                boolean rereadStale) {
}

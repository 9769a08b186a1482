package io.informer4j.cli.watch;

import io.informer4j.cli.run.WatchedType;
import io.informer4j.factory.SharedInformerFactory;

/**
 * A real source made ready for {@code informer4j watch}: checked by a first request (so an
 * unreachable server, bad credentials or an unknown resource fail at once with a clear message), a
 * factory with the one informer registered, and what to close at the end.
 *
 * @param factory   the factory, its informer registered, not started
 * @param watched   the watched type and its namespace rules
 * @param describe  one line saying what is watched where
 * @param resources what to close after the factory (clients)
 */
public record WatchTarget(SharedInformerFactory factory, WatchedType watched, String describe, AutoCloseable resources) {
}

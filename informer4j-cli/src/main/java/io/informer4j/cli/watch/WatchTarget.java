package io.informer4j.cli.watch;

import io.informer4j.cli.run.WatchedType;
import io.informer4j.source.Backend;

/**
 * A real source made ready for {@code informer4j watch}: checked by a first request (so an
 * unreachable server, bad credentials or an unknown resource fail at once with a clear message),
 * the backend serving the one watched type, and what to close at the end.
 *
 * @param backend   serves the watched type
 * @param watched   the watched type, its namespace rules and label selector
 * @param describe  one line saying what is watched where
 * @param resources what to close after the manager stopped (clients)
 */
public record WatchTarget(Backend backend, WatchedType watched, String describe, AutoCloseable resources) {
}

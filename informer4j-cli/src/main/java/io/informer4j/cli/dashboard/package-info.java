/**
 * The live terminal dashboard of a CLI run: one row per watched type (informer state, cache size,
 * list progress, event rates, queue depth) and a log of recent activity. Rendering is pure; the
 * rate meters and the activity log are thread-safe. Not API.
 */
package io.informer4j.cli.dashboard;

/**
 * One run of the CLI: per watched type a queue and a controller with an auditing reconciler, the
 * health server, the dashboard, a clean stop on Ctrl-C or at the end of the duration, and the
 * summary. A run is driven from one thread; its counters are thread-safe. Not API.
 */
package io.informer4j.cli.run;

/**
 * The backend SPI: {@link io.informer4j.source.Backend}, the one interface an API implements to be
 * cached (list-watch per type and {@link io.informer4j.source.Selection}, the types it knows, their
 * presence), and {@link io.informer4j.source.ListerWatcher}, the list-watch of one type with its
 * requests, sinks, watch events and listeners. Failures are typed subclasses of
 * {@link io.informer4j.source.SourceException}, because the informer's next step depends on the
 * kind of failure; objects that cannot be decoded are reported as
 * {@link io.informer4j.source.MalformedObjectException}. Request and event values are immutable;
 * the threading rules of each callback (a sink is called on the listing thread, a listener's calls
 * for one watch never overlap) are stated on the interface. {@link io.informer4j.source.Redaction}
 * is the one place credentials are hidden from descriptions, messages, statuses and logs; every
 * {@code SourceException} passes through it. Nothing here is Kubernetes-specific.
 */
package io.informer4j.source;

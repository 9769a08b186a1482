/**
 * The API-agnostic engine of informer4j: object identity and selectors ({@code meta}), the backend
 * SPI ({@code source}), the indexed cache ({@code cache}), informers ({@code informer}), work queues
 * ({@code queue}), controllers ({@code controller}), the informers map and its readers
 * ({@code reader}), the shared informer factory ({@code factory}), the manager ({@code manager}),
 * one manager over a fleet of clusters ({@code fleet}),
 * leader election and sharding ({@code coordination}) and clocks ({@code time}).
 *
 * <p>Every exported package is API. The {@code …internal} packages are the engine's implementation:
 * they are not exported, so neither applications nor backends can compile against them.
 */
module informer4j.core {
  requires transitive micrometer.core;
  requires org.slf4j;

  exports io.informer4j.cache;
  exports io.informer4j.controller;
  exports io.informer4j.coordination;
  exports io.informer4j.factory;
  exports io.informer4j.fleet;
  exports io.informer4j.informer;
  exports io.informer4j.manager;
  exports io.informer4j.meta;
  exports io.informer4j.queue;
  exports io.informer4j.reader;
  exports io.informer4j.source;
  exports io.informer4j.time;
}

/**
 * Test support for code built on informer4j and for backends:
 * {@link io.informer4j.testkit.SimulatedApi}, an in-memory list-watch API with resourceVersions,
 * compaction, paging, watch-list, a recorded request log and fault injection; the contract tests
 * every backend passes ({@link io.informer4j.testkit.BackendContract},
 * {@link io.informer4j.testkit.ListerWatcherContract}); and checkers that compare a cache and a
 * handler's view with the server's truth ({@link io.informer4j.testkit.ConvergenceChecker}). The
 * simulated API and its fault injectors are thread-safe; every randomized helper takes a seed.
 * Package-private classes (storage, watch service, paging) are the simulation's implementation,
 * not API.
 */
package io.informer4j.testkit;

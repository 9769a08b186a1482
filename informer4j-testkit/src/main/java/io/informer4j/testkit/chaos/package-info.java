/**
 * Network and protocol faults for chaos tests: {@link io.informer4j.testkit.chaos.FaultProxy}, a TCP
 * and HTTP/1.1 proxy between a client and a real server that drops, stalls, truncates and rewrites
 * connections, responses and watch events, and the reports a chaos run checks
 * ({@link io.informer4j.testkit.chaos.Divergence}, {@link io.informer4j.testkit.chaos.RecoveryTimes},
 * {@link io.informer4j.testkit.chaos.ServerHistory}). Fault schedules derive from a printed seed
 * ({@link io.informer4j.testkit.chaos.ChaosSettings}), so a failing run can be repeated alone. The
 * proxy is thread-safe; each proxied connection runs on its own two daemon threads.
 * Package-private classes (pumps, links, HTTP framing) are not API.
 */
package io.informer4j.testkit.chaos;

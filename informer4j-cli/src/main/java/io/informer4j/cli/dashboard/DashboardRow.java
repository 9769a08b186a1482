package io.informer4j.cli.dashboard;

/**
 * One informer's line on the dashboard, at one refresh.
 *
 * @param name                the informer's short name
 * @param setup               its namespace set-up ({@code tier 1 (team-a)}, …)
 * @param state               the informer's state ({@code WATCHING}, {@code LISTING}, …) or {@code MISSING}
 * @param synced              whether its cache holds the first list
 * @param cacheSize           objects cached
 * @param eventsPerSecond     events the factory routed per second since the last refresh
 * @param droppedPerSecond    events the namespace rules dropped before the queue, per second since the last refresh
 * @param queueDepth          items waiting in its queue at this refresh
 * @param reconcilesPerSecond reconciles per second since the last refresh
 * @param stuck               reconciles of its controller running past the stuck threshold at this refresh
 * @param errors              errors so far: failed reconciles, unreadable objects and list/watch failures
 *                            (except those of faults the run injects on purpose)
 * @param note                what else to know: list progress, a missing type waiting or activated; may be empty
 */
public record DashboardRow(String name, String setup, String state, boolean synced, int cacheSize,
                           double eventsPerSecond, double droppedPerSecond, int queueDepth,
                           double reconcilesPerSecond, int stuck, long errors, String note) {
}

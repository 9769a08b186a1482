/**
 * Time as the engine reads it: {@link io.informer4j.time.Clock} (monotonic nanoseconds and wall
 * time) and {@link io.informer4j.time.Scheduler} (delayed tasks), injected everywhere a timer or a
 * duration is used so that tests can drive time with {@link io.informer4j.time.ManualClock}.
 * Depends on nothing else in informer4j. Every implementation here is thread-safe; a scheduler
 * built over an executor leaves the executor's shutdown to its owner.
 */
package io.informer4j.time;

/**
 * Child processes of the build's tests, started and stopped by PID:
 * {@link io.informer4j.testsupport.process.ChildProcess} starts and stops one,
 * {@link io.informer4j.testsupport.process.ProcessReaper} stops what a test left running and fails
 * it, and a shutdown hook stops what is left when the test JVM ends. What escapes all three (a test
 * JVM killed outright) is found by {@code bin/test}'s check for leftover processes.
 */
package io.informer4j.testsupport.process;

/**
 * Awaitility's defaults for test classes that wait many times:
 * {@link io.informer4j.testsupport.await.AwaitilityDefaults} checks a condition at once and then
 * often, so that a wait ends as soon as what it waits for holds.
 */
package io.informer4j.testsupport.await;

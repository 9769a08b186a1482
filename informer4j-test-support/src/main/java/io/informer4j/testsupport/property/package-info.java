/**
 * Property checks for the build's tests: a {@link io.informer4j.testsupport.property.Generator}
 * builds values from {@link io.informer4j.testsupport.property.Choices} (seeded random numbers,
 * recorded), {@link io.informer4j.testsupport.property.PropertyCheck} runs a property on many of
 * them inside a JUnit test, and a failure is shrunk by replaying simpler choices and reported with
 * the random seed that reproduces it ({@link io.informer4j.testsupport.property.PropertyFailure}).
 */
package io.informer4j.testsupport.property;

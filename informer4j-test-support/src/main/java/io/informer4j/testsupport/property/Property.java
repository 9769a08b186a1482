package io.informer4j.testsupport.property;

/**
 * What must hold for every generated value: it passes by returning and fails by throwing (an
 * AssertJ assertion, or any exception).
 *
 * @param <T> the type of the values
 */
@FunctionalInterface
public interface Property<T> {

  /** Checks {@code value}; throws when the property does not hold for it. */
  void verify(T value) throws Exception;
}

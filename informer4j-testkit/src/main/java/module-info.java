/**
 * Test support for informer4j and its backends: {@code SimulatedApi} (an in-memory, versioned
 * list-watch API with fault injection), the contract tests every backend passes, convergence
 * checkers, the fault-injecting proxy and coordination scenarios.
 *
 * <p>An open module: JUnit and AssertJ reflect on the contract tests and the objects they compare.
 */
open module informer4j.testkit {
  requires transitive informer4j.core;
  requires transitive org.junit.jupiter.api;
  requires transitive org.assertj.core;
  requires awaitility;
  requires com.fasterxml.jackson.databind;
  requires org.slf4j;

  exports io.informer4j.testkit;
  exports io.informer4j.testkit.chaos;
  exports io.informer4j.testkit.coordination;
}

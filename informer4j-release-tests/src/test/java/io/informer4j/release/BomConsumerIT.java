package io.informer4j.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SortedSet;
import org.junit.jupiter.api.Test;

/**
 * A project that only imports informer4j-bom ({@code examples/bom-consumer}) resolves exactly the
 * libraries, at exactly the versions, that this build resolved and tested the library modules with
 * ({@code target/tested-dependencies.txt}), and its test runs an informer, the health endpoints and
 * both backends' clients on them.
 *
 * <p>The consumer is built by a nested Maven run ({@link ConsumerProject}): everything it needs
 * is in this build's local repository, so no network is needed once this build has its
 * dependencies. Runs in the {@code integration-test} phase.
 */
class BomConsumerIT {

  @Test
  void aProjectImportingTheBomResolvesTheTestedSetAndRunsAnInformer() throws Exception {
    ConsumerProject consumer = ConsumerProject.copy("bom-consumer");
    consumer.build("verify");

    SortedSet<String> tested = ConsumerProject.artifacts(ConsumerProject.TARGET.resolve("tested-dependencies.txt"));
    SortedSet<String> resolved = ConsumerProject.artifacts(consumer.dir().resolve("target/resolved-dependencies.txt"));
    assertThat(tested).as("the tested set").hasSizeGreaterThan(50)
        .anyMatch(artifact -> artifact.startsWith("io.netty:netty-common:"))
        .anyMatch(artifact -> artifact.startsWith("org.junit.jupiter:junit-jupiter-api:"));
    assertThat(resolved).as("what the BOM consumer resolved").containsExactlyElementsOf(tested);
  }
}

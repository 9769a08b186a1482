package io.informer4j.release;

import static io.informer4j.release.ConsumerProject.JUNIT_6_API;
import static io.informer4j.release.ConsumerProject.TEST_SERVER;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.SortedSet;
import org.junit.jupiter.api.Test;

/**
 * A plain Maven application on JUnit 6, laid out as maven-archetype-quickstart does, with informer4j
 * added from the BOM alone ({@code examples/generated-maven-app}), builds and passes its tests: the
 * test server's JUnit extension runs on JUnit 6 and a manager reconciles against it. Its JUnit is its
 * own choice, all of it JUnit 6.
 */
class GeneratedMavenAppIT {

  @Test
  void aPlainMavenApplicationOnJunit6BuildsAndPassesItsTests() throws Exception {
    ConsumerProject app = ConsumerProject.copy("generated-maven-app");
    SortedSet<String> resolved = app.verifyAndListDependencies();

    assertThat(resolved).as("what the application resolved").contains(JUNIT_6_API, TEST_SERVER)
        .filteredOn(artifact -> artifact.startsWith("org.junit"))
        .allMatch(artifact -> artifact.endsWith(":6.0.3"), "JUnit 6.0.3, the application's choice");
    assertThat(Files.readString(app.dir().resolve("target/surefire-reports/TEST-com.example.app.AppTest.xml")))
        .contains("tests=\"2\"", "failures=\"0\"", "errors=\"0\"");
  }
}

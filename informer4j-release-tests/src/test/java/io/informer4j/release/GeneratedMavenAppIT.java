package io.informer4j.release;

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
    app.build("verify", "dependency:list", "-DoutputFile=target/resolved-dependencies.txt");

    SortedSet<String> resolved = ConsumerProject.artifacts(app.dir().resolve("target/resolved-dependencies.txt"));
    assertThat(resolved).as("what the application resolved")
        .anyMatch(artifact -> artifact.startsWith("org.junit.jupiter:junit-jupiter-api:jar:6."))
        .anyMatch(artifact -> artifact.startsWith("io.informer4j:informer4j-kubernetes-testserver:"))
        .filteredOn(artifact -> artifact.startsWith("org.junit"))
        .allMatch(artifact -> artifact.endsWith(":6.0.3"), "JUnit 6.0.3, the application's choice");
    assertThat(Files.readString(app.dir().resolve("target/surefire-reports/TEST-com.example.app.AppTest.xml")))
        .contains("tests=\"2\"", "failures=\"0\"", "errors=\"0\"");
  }
}

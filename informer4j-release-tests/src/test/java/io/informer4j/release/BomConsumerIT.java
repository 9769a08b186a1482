package io.informer4j.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A project that only imports informer4j-bom ({@code examples/bom-consumer}) resolves exactly the
 * libraries, at exactly the versions, that this build resolved and tested the library modules with
 * ({@code target/tested-dependencies.txt}), and its test runs an informer, the health endpoints and
 * both backends' clients on them.
 *
 * <p>The consumer is built by a nested Maven run with a private local repository that the
 * invoker plugin filled with this build's artifacts in {@code pre-integration-test}; everything
 * else (plugins, third-party BOMs) comes from this build's local repository as a {@code file:}
 * mirror, so no network is needed once this build has its dependencies. Runs in the
 * {@code integration-test} phase.
 */
class BomConsumerIT {

  private static final Path ROOT = Path.of(System.getProperty("informer4j.root", ".."));
  private static final Path TARGET = Path.of("target").toAbsolutePath();

  @Test
  void aProjectImportingTheBomResolvesTheTestedSetAndRunsAnInformer() throws Exception {
    Path consumer = TARGET.resolve("bom-consumer");
    copyTree(ROOT.resolve("examples/bom-consumer"), consumer);
    Path settings = TARGET.resolve("bom-consumer-settings.xml");
    Files.writeString(settings, """
        <settings>
          <mirrors>
            <mirror>
              <id>this-build</id>
              <mirrorOf>*</mirrorOf>
              <url>%s</url>
            </mirror>
          </mirrors>
        </settings>
        """.formatted(Path.of(System.getProperty("informer4j.localRepository")).toUri()));

    MavenBuild.of(consumer.resolve("pom.xml"), "-q", "-s", settings.toString(),
            "-Dmaven.repo.local=" + TARGET.resolve("consumer-repository"),
            "-Dinformer4j.version=" + System.getProperty("informer4j.version"), "verify")
        .run(TARGET.resolve("bom-consumer.log"));

    SortedSet<String> tested = artifacts(TARGET.resolve("tested-dependencies.txt"));
    SortedSet<String> resolved = artifacts(consumer.resolve("target/resolved-dependencies.txt"));
    assertThat(tested).as("the tested set").hasSizeGreaterThan(50)
        .anyMatch(artifact -> artifact.startsWith("io.netty:netty-common:"))
        .anyMatch(artifact -> artifact.startsWith("org.junit.jupiter:junit-jupiter-api:"));
    assertThat(resolved).as("what the BOM consumer resolved").containsExactlyElementsOf(tested);
  }

  /**
   * Returns the artifacts of a {@code dependency:list} output file as {@code group:artifact:type[:classifier]:version},
   * without the scope: a library the consumer takes at compile scope through informer4j-testkit
   * (JUnit, for one) is a test dependency of this module, at the same version.
   */
  private static SortedSet<String> artifacts(Path list) throws IOException {
    SortedSet<String> artifacts = new TreeSet<>();
    for (String line : Files.readAllLines(list, StandardCharsets.UTF_8)) {
      String artifact = line.strip().split(" -- ", 2)[0];
      if (artifact.matches("[^:\\s]+:[^:\\s]+:\\S+")) {
        artifacts.add(artifact.substring(0, artifact.lastIndexOf(':')));
      }
    }
    return artifacts;
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
        Path relative = from.relativize(file);
        if (!relative.startsWith("target")) {
          Files.createDirectories(to.resolve(relative).getParent());
          Files.copy(file, to.resolve(relative), StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }
}

package io.informer4j.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A release can be rebuilt and checked: informer4j-core built twice from the same sources, in two
 * directories at two moments, gives the same jar and sources jar, byte for byte
 * ({@code project.build.outputTimestamp} fixes every entry's time; nothing else of the build's
 * machine, path or clock gets in). Each build is a nested, offline Maven run over a copy of the
 * parent POM, the BOM, core's main sources and the test support core's tests depend on.
 */
class ReproducibleBuildIT {

  private static final Path ROOT = Path.of(System.getProperty("informer4j.root", ".."));
  private static final String VERSION = System.getProperty("informer4j.version");
  private static final Path WORK = Path.of("target", "reproducible");
  private static final String AGGREGATOR = """
      <project xmlns="http://maven.apache.org/POM/4.0.0">
        <modelVersion>4.0.0</modelVersion>
        <groupId>io.informer4j.release-tests</groupId>
        <artifactId>reproducible-core</artifactId>
        <version>1</version>
        <packaging>pom</packaging>
        <modules>
          <module>informer4j-bom</module>
          <module>informer4j-test-support</module>
          <module>informer4j-core</module>
        </modules>
      </project>
      """;

  @Test
  void coreRebuiltElsewhereLaterIsByteForByteTheSame() throws Exception {
    Path first = build("first");
    Path second = build("second");

    for (String jar : List.of("informer4j-core-" + VERSION + ".jar", "informer4j-core-" + VERSION + "-sources.jar")) {
      byte[] one = Files.readAllBytes(first.resolve(jar));
      byte[] two = Files.readAllBytes(second.resolve(jar));
      assertThat(Arrays.equals(one, two)).as("%s differs; entries that differ: %s", jar,
          differingEntries(first.resolve(jar), second.resolve(jar))).isTrue();
    }
  }

  /** Builds core in {@code target/reproducible/<name>} and returns its target directory. */
  private static Path build(String name) throws IOException, InterruptedException {
    Path dir = WORK.resolve(name).toAbsolutePath();
    deleteTree(dir);
    for (String file : List.of("pom.xml", "LICENSE", "NOTICE", "informer4j-bom/pom.xml", "informer4j-core/pom.xml",
        "informer4j-test-support/pom.xml")) {
      copy(ROOT.resolve(file), dir.resolve(file));
    }
    for (String module : List.of("informer4j-core", "informer4j-test-support")) {
      Path sources = ROOT.resolve(module).resolve("src/main");
      try (Stream<Path> files = Files.walk(sources)) {
        for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
          copy(file, dir.resolve(module).resolve("src/main").resolve(sources.relativize(file)));
        }
      }
    }
    Files.writeString(dir.resolve("reactor.xml"), AGGREGATOR);
    MavenBuild.of(dir.resolve("reactor.xml"), "-o", "-q", "package", "-Dmaven.test.skip=true",
            "-Dmaven.javadoc.skip=true", "-Dcyclonedx.skip=true",
            "-Dmaven.repo.local=" + System.getProperty("informer4j.localRepository"))
        .run(WORK.resolve(name + ".log").toAbsolutePath());
    return dir.resolve("informer4j-core/target");
  }

  private static void copy(Path from, Path to) throws IOException {
    Files.createDirectories(to.getParent());
    Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : (Iterable<Path>) paths.sorted((a, b) -> b.getNameCount() - a.getNameCount())::iterator) {
        Files.delete(path);
      }
    }
  }

  /** Names the entries whose content, time or presence differ, to say what broke reproducibility. */
  private static List<String> differingEntries(Path one, Path two) throws IOException {
    Map<String, String> a = describe(one);
    Map<String, String> b = describe(two);
    List<String> differing = new ArrayList<>();
    a.forEach((name, description) -> {
      if (!description.equals(b.get(name))) {
        differing.add(name + " (" + description + " vs " + b.get(name) + ")");
      }
    });
    b.keySet().stream().filter(name -> !a.containsKey(name)).forEach(name -> differing.add(name + " (only in the second)"));
    return differing;
  }

  private static Map<String, String> describe(Path jar) throws IOException {
    Map<String, String> entries = new TreeMap<>();
    try (JarFile file = new JarFile(jar.toFile())) {
      for (JarEntry entry : (Iterable<JarEntry>) file.stream()::iterator) {
        entries.put(entry.getName(), "crc " + Long.toHexString(entry.getCrc()) + ", time " + entry.getTime());
      }
    }
    return entries;
  }
}

package io.informer4j.release;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * A project outside the reactor that uses informer4j as an application would (one of
 * {@code examples/bom-consumer}, {@code examples/generated-spring-boot-app},
 * {@code examples/generated-maven-app}), copied under {@code target/} and built by a nested Maven
 * run. Its local repository is private ({@code target/consumer-repository}, which the invoker plugin
 * filled with this build's artifacts in {@code pre-integration-test}); every other artifact comes
 * from this build's local repository, read as a {@code file:} repository, and what that lacks (a
 * platform's parent POM, its plugins) from Maven Central into the private repository. The shared
 * local repository is never written. Not thread-safe.
 */
final class ConsumerProject {

  static final Path ROOT = Path.of(System.getProperty("informer4j.root", ".."));
  static final Path TARGET = Path.of("target").toAbsolutePath();
  static final Path REPOSITORY = TARGET.resolve("consumer-repository");
  /** The test server, as {@link #artifacts} lists it. */
  static final String TEST_SERVER = "io.informer4j:informer4j-kubernetes-testserver:jar:" + System.getProperty("informer4j.version");
  /** JUnit 6's API, as {@link #artifacts} lists it: Spring Boot 4.0.7's, and the plain application's choice. */
  static final String JUNIT_6_API = "org.junit.jupiter:junit-jupiter-api:jar:6.0.3";

  private final String name;
  private final Path dir;

  private ConsumerProject(String name, Path dir) {
    this.name = name;
    this.dir = dir;
  }

  /** Copies {@code examples/<name>} (without its {@code target}) to {@code target/<name>}. */
  static ConsumerProject copy(String name) throws IOException {
    Path from = ROOT.resolve("examples").resolve(name);
    Path to = TARGET.resolve(name);
    try (Stream<Path> files = Files.walk(from)) {
      for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
        Path relative = from.relativize(file);
        if (!relative.startsWith("target")) {
          Files.createDirectories(to.resolve(relative).getParent());
          Files.copy(file, to.resolve(relative), StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
    return new ConsumerProject(name, to);
  }

  /** Returns the copy's directory. */
  Path dir() {
    return dir;
  }

  /**
   * Runs Maven on the copy's {@code pom.xml} with {@code arguments} (goals, options); its output
   * goes to {@code target/<name>.log}.
   *
   * @throws AssertionError naming the command and quoting the log's end when the build fails
   */
  void build(String... arguments) throws IOException, InterruptedException {
    buildPom("pom.xml", arguments);
  }

  /**
   * Builds and tests the copy ({@code verify}) and returns what it resolved, as {@link #artifacts}
   * lists them.
   */
  SortedSet<String> verifyAndListDependencies() throws IOException, InterruptedException {
    build("verify", "dependency:list", "-DoutputFile=target/resolved-dependencies.txt");
    return artifacts(dir.resolve("target/resolved-dependencies.txt"));
  }

  /** Runs Maven on {@code pom} (relative to the copy) as {@link #build(String...)} does; its log is {@code target/<name>-<pom>.log}. */
  void buildPom(String pom, String... arguments) throws IOException, InterruptedException {
    List<String> all = new ArrayList<>(List.of("-q", "-s", settings().toString(), "-Dmaven.repo.local=" + REPOSITORY,
        "-Dinformer4j.version=" + System.getProperty("informer4j.version")));
    all.addAll(List.of(arguments));
    String log = pom.equals("pom.xml") ? name + ".log" : name + "-" + pom.replace(".xml", "") + ".log";
    MavenBuild.of(dir.resolve(pom), all.toArray(String[]::new)).run(TARGET.resolve(log));
  }

  private static Path settings() throws IOException {
    Path settings = TARGET.resolve("consumer-settings.xml");
    String thisBuild = Path.of(System.getProperty("informer4j.localRepository")).toUri().toString();
    String repository = """
              <%1$s>
                <id>this-build</id>
                <url>%2$s</url>
                <snapshots><enabled>false</enabled></snapshots>
              </%1$s>
              <%1$s>
                <id>central</id>
                <url>https://repo.maven.apache.org/maven2</url>
                <snapshots><enabled>false</enabled></snapshots>
              </%1$s>
        """;
    Files.writeString(settings, """
        <settings>
          <profiles>
            <profile>
              <id>this-build-first</id>
              <repositories>
        %s      </repositories>
              <pluginRepositories>
        %s      </pluginRepositories>
            </profile>
          </profiles>
          <activeProfiles>
            <activeProfile>this-build-first</activeProfile>
          </activeProfiles>
        </settings>
        """.formatted(repository.formatted("repository", thisBuild), repository.formatted("pluginRepository", thisBuild)));
    return settings;
  }

  /**
   * Returns the artifacts of a {@code dependency:list} output file as
   * {@code group:artifact:type[:classifier]:version}, without the scope.
   */
  static SortedSet<String> artifacts(Path list) throws IOException {
    SortedSet<String> artifacts = new TreeSet<>();
    for (String line : Files.readAllLines(list, StandardCharsets.UTF_8)) {
      String artifact = line.strip().split(" -- ", 2)[0];
      if (artifact.matches("[^:\\s]+:[^:\\s]+:\\S+")) {
        artifacts.add(artifact.substring(0, artifact.lastIndexOf(':')));
      }
    }
    return artifacts;
  }
}

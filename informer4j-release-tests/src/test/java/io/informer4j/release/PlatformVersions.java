package io.informer4j.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.maven.artifact.versioning.ComparableVersion;

/**
 * Checks informer4j-bom's promise to an application on a platform (README, "Using informer4j in your
 * build"): compared with the same project without the BOM (its informer4j modules at explicit
 * versions), importing it changes no library the application chooses (JUnit, AssertJ, Awaitility,
 * Mockito, Byte Buddy, Hamcrest, Logback) and downgrades no library of a group the platform's BOM
 * manages. Stateless.
 */
final class PlatformVersions {

  private static final List<String> APPLICATION_CHOICES =
      List.of("org.junit", "org.assertj", "org.awaitility", "org.mockito", "net.bytebuddy", "org.hamcrest", "ch.qos.logback");
  private static final Pattern PARENT = Pattern.compile(
      "<parent>\\s*<groupId>([^<]+)</groupId>\\s*<artifactId>[^<]+</artifactId>\\s*<version>([^<]+)</version>");

  private PlatformVersions() {
  }

  /**
   * Resolves {@code app} again without informer4j-bom and compares with {@code resolved}, what it
   * resolved with it; the platform's BOM is {@code platformBom}, of the group and version of the
   * application's parent.
   *
   * @throws AssertionError naming every artifact that breaks the promise
   */
  static void check(ConsumerProject app, String platformBom, Collection<String> resolved) throws IOException, InterruptedException {
    String pom = Files.readString(app.dir().resolve("pom.xml"));
    String withoutBom = pom.replaceAll("(?s)<dependencyManagement>.*?</dependencyManagement>", "")
        .replaceAll("(<artifactId>informer4j-[a-z-]+</artifactId>)", "$1<version>\\${informer4j.version}</version>");
    Files.writeString(app.dir().resolve("pom-without-informer4j-bom.xml"), withoutBom);
    app.buildPom("pom-without-informer4j-bom.xml", "dependency:list", "-DoutputFile=target/platform-dependencies.txt");

    Set<String> managedGroups = managedGroups(pom, platformBom);
    Map<String, String> platform = versions(ConsumerProject.artifacts(app.dir().resolve("target/platform-dependencies.txt")));
    List<String> broken = new ArrayList<>();
    versions(resolved).forEach((artifact, version) -> {
      String before = platform.get(artifact);
      String group = artifact.substring(0, artifact.indexOf(':'));
      if (before == null || before.equals(version)) {
        return;
      }
      if (inAny(group, APPLICATION_CHOICES)) {
        broken.add(artifact + ": the application's " + before + " became " + version);
      } else if (inAny(group, managedGroups) && new ComparableVersion(version).compareTo(new ComparableVersion(before)) < 0) {
        broken.add(artifact + ": the platform's " + before + " was downgraded to " + version);
      }
    });
    assertThat(managedGroups).as("groups %s manages", platformBom).contains("io.netty", "io.micrometer", "org.junit");
    assertThat(broken).as("libraries informer4j-bom forced on the application").isEmpty();
  }

  /** Returns the groups the platform's BOM (in the consumer repository) names in its dependency management. */
  private static Set<String> managedGroups(String pom, String platformBom) throws IOException {
    Matcher parent = PARENT.matcher(pom);
    assertThat(parent.find()).as("the application's parent").isTrue();
    Path bom = ConsumerProject.REPOSITORY.resolve(parent.group(1).replace('.', '/')).resolve(platformBom)
        .resolve(parent.group(2)).resolve(platformBom + "-" + parent.group(2) + ".pom");
    String text = Files.readString(bom);
    String management = text.substring(text.indexOf("<dependencyManagement>"), text.indexOf("</dependencyManagement>"));
    Set<String> groups = new TreeSet<>();
    Matcher group = Pattern.compile("<groupId>([^<$]+)</groupId>").matcher(management);
    while (group.find()) {
      groups.add(group.group(1));
    }
    return groups;
  }

  private static boolean inAny(String group, Collection<String> groups) {
    return groups.stream().anyMatch(managed -> group.equals(managed) || group.startsWith(managed + "."));
  }

  /** Maps {@code group:artifact:type[:classifier]} to the version, from {@code group:artifact:type[:classifier]:version}. */
  private static Map<String, String> versions(Collection<String> artifacts) {
    Map<String, String> versions = new TreeMap<>();
    for (String artifact : artifacts) {
      int last = artifact.lastIndexOf(':');
      versions.put(artifact.substring(0, last), artifact.substring(last + 1));
    }
    return versions;
  }
}

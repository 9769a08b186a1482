package io.informer4j.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every published library jar of this build (every module the BOM lists; this module depends on
 * them, so they are built first) has a stable module name for the module path, read from the built
 * jars: core and testkit are explicit modules ({@code module-info}); the jars whose dependencies have
 * no module names (fabric8, jetcd, Spring Boot) name themselves in their manifest's
 * {@code Automatic-Module-Name} — not the name Java would otherwise derive from the file name, which
 * changes with it.
 */
class ModuleNamesIT {

  private static final Path ROOT = Path.of(System.getProperty("informer4j.root", ".."));
  private static final String VERSION = System.getProperty("informer4j.version");

  private static Path jar(String module) {
    Path jar = ROOT.resolve(module).resolve("target").resolve(module + "-" + VERSION + ".jar");
    assertThat(jar).as("the built jar of %s", module).exists();
    return jar;
  }

  private static final Map<String, String> EXPLICIT = Map.of(
      "informer4j-core", "informer4j.core",
      "informer4j-testkit", "informer4j.testkit");
  private static final Map<String, String> AUTOMATIC = Map.of(
      "informer4j-kubernetes", "informer4j.kubernetes",
      "informer4j-etcd", "informer4j.etcd",
      "informer4j-health", "informer4j.health",
      "informer4j-kubernetes-testserver", "informer4j.kubernetes.testserver",
      "informer4j-spring-boot-starter", "informer4j.spring");

  @Test
  void everyLibraryTheBomPublishesIsChecked() throws IOException {
    String bom = Files.readString(ROOT.resolve("informer4j-bom").resolve("pom.xml"));
    Set<String> published = new TreeSet<>();
    Matcher artifact = Pattern.compile("<artifactId>(informer4j-[a-z0-9-]+)</artifactId>").matcher(bom);
    while (artifact.find()) {
      published.add(artifact.group(1));
    }
    published.remove("informer4j-bom");
    Set<String> checked = new TreeSet<>(EXPLICIT.keySet());
    checked.addAll(AUTOMATIC.keySet());
    assertThat(checked).as("modules whose names are checked").isEqualTo(published);
  }

  @Test
  void coreAndTestkitAreExplicitModules() {
    EXPLICIT.forEach((module, name) -> {
      ModuleReference reference = ModuleFinder.of(jar(module)).findAll().iterator().next();
      ModuleDescriptor descriptor = reference.descriptor();
      assertThat(descriptor.isAutomatic()).as("%s has a module-info", module).isFalse();
      assertThat(descriptor.name()).isEqualTo(name);
    });
  }

  @Test
  void theOtherLibraryJarsNameTheirModuleInTheirManifest() throws IOException {
    for (Map.Entry<String, String> entry : AUTOMATIC.entrySet()) {
      Path jar = jar(entry.getKey());
      try (JarFile file = new JarFile(jar.toFile())) {
        assertThat(file.getManifest().getMainAttributes().getValue("Automatic-Module-Name"))
            .as("Automatic-Module-Name of %s", jar.getFileName()).isEqualTo(entry.getValue());
      }
      ModuleDescriptor descriptor = ModuleFinder.of(jar).findAll().iterator().next().descriptor();
      assertThat(descriptor.name()).as("the module name Java reads from %s", jar.getFileName())
          .isEqualTo(entry.getValue());
    }
  }
}

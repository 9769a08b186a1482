package io.informer4j.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.spi.ToolProvider;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compiles a small consumer module against informer4j.core with javac on the module path: API
 * packages compile, the implementation packages are not exported and fail to compile.
 */
class ModuleBoundaryTest {

  /** Classes whose jars (or directories) make up the module path of informer4j.core. */
  private static final List<String> MODULE_PATH_CLASSES = List.of(
      "io.informer4j.meta.TypeKey",
      "io.micrometer.core.instrument.MeterRegistry",
      "io.micrometer.common.KeyValue",
      "io.micrometer.observation.Observation",
      "org.slf4j.Logger");

  @TempDir
  Path sources;

  @Test
  void aConsumerThatImportsApiPackagesCompiles() throws Exception {
    Compilation result = compileConsumer("""
        import io.informer4j.manager.Manager;
        import io.informer4j.reader.CacheReader;
        import io.informer4j.reader.InformersMap;
        import io.informer4j.source.Backend;

        public class Consumer {
          Manager manager;
          InformersMap map;
          CacheReader<String> reader;
          Backend backend;
        }
        """);

    assertThat(result.exitCode()).as(result.output()).isZero();
  }

  @Test
  void aConsumerThatImportsTheInformerImplementationDoesNotCompile() throws Exception {
    Compilation result = compileConsumer("""
        import io.informer4j.informer.internal.DefaultSharedIndexInformer;

        public class Consumer {
          DefaultSharedIndexInformer<String> informer;
        }
        """);

    assertThat(result.exitCode()).isNotZero();
    assertThat(result.output())
        .contains("package io.informer4j.informer.internal is declared in module informer4j.core, "
            + "which does not export it");
  }

  @Test
  void aConsumerThatImportsTheTimeImplementationDoesNotCompile() throws Exception {
    Compilation result = compileConsumer("""
        import io.informer4j.time.internal.OwnedScheduler;

        public class Consumer {
          OwnedScheduler scheduler;
        }
        """);

    assertThat(result.exitCode()).isNotZero();
    assertThat(result.output())
        .contains("package io.informer4j.time.internal is declared in module informer4j.core, "
            + "which does not export it");
  }

  private Compilation compileConsumer(String consumerClass) throws IOException, URISyntaxException {
    Path module = sources.resolve("consumer");
    Files.createDirectories(module.resolve("example"));
    Files.writeString(module.resolve("module-info.java"), "module consumer { requires informer4j.core; }\n");
    Files.writeString(module.resolve("example/Consumer.java"), "package example;\n\n" + consumerClass);
    ToolProvider javac = ToolProvider.findFirst("javac").orElseThrow();
    List<String> args = new ArrayList<>(List.of(
        "--release", "17",
        "--module-path", modulePath(),
        "-d", sources.resolve("out").toString(),
        module.resolve("module-info.java").toString(),
        module.resolve("example/Consumer.java").toString()));
    StringWriter output = new StringWriter();
    try (PrintWriter writer = new PrintWriter(output)) {
      int exitCode = javac.run(writer, writer, args.toArray(String[]::new));
      writer.flush();
      return new Compilation(exitCode, output.toString());
    }
  }

  private static String modulePath() throws URISyntaxException {
    List<String> entries = new ArrayList<>();
    for (String className : MODULE_PATH_CLASSES) {
      try {
        Class<?> type = Class.forName(className, false, ModuleBoundaryTest.class.getClassLoader());
        entries.add(Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
      } catch (ClassNotFoundException absent) {
        throw new IllegalStateException("not on the test path: " + className, absent);
      }
    }
    return Stream.of(entries.toArray(String[]::new)).distinct().collect(Collectors.joining(java.io.File.pathSeparator));
  }

  private record Compilation(int exitCode, String output) {
  }
}

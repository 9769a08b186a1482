package io.informer4j.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's quick start shows code that compiles and runs, in at most 25 lines: the body of {@link QuickStart}. */
class ReadmeQuickStartTest {

  @Test
  void theReadmeQuickStartIsTheQuickStartExample() throws Exception {
    List<String> readme = Files.readAllLines(Path.of("..", "README.md"));
    int start = readme.indexOf("```java");
    assertThat(start).as("a java block in README.md").isNotNegative();
    int end = readme.subList(start + 1, readme.size()).indexOf("```") + start + 1;
    List<String> shown = stripped(readme.subList(start + 1, end));
    List<String> example = stripped(Files.readAllLines(
        Path.of("src", "main", "java", "io", "informer4j", "examples", "QuickStart.java")));

    assertThat(shown).hasSizeBetween(15, 25);
    assertThat(Collections.indexOfSubList(example, shown)).as("README quick start found in QuickStart.java").isNotNegative();
  }

  private static List<String> stripped(List<String> lines) {
    return lines.stream().map(String::strip).toList();
  }
}

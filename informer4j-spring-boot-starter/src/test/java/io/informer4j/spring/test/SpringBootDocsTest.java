package io.informer4j.spring.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Java example of docs/SPRING-BOOT.md's "Testing" section compiles and runs: it is {@link FlagsApplicationTest}'s. */
class SpringBootDocsTest {

  @Test
  void theTestingExampleIsTheFlagsApplicationTest() throws Exception {
    List<String> doc = stripped(Files.readAllLines(Path.of("..", "docs", "SPRING-BOOT.md")));
    int section = doc.indexOf("## Testing");
    assertThat(section).as("a Testing section in docs/SPRING-BOOT.md").isNotNegative();
    int start = doc.subList(section, doc.size()).indexOf("```java") + section;
    assertThat(start).as("a java block in the Testing section").isGreaterThan(section);
    int end = doc.subList(start + 1, doc.size()).indexOf("```") + start + 1;
    List<String> shown = doc.subList(start + 1, end);
    List<String> test = stripped(Files.readAllLines(
        Path.of("src", "test", "java", "io", "informer4j", "spring", "test", "FlagsApplicationTest.java")));

    assertThat(shown).hasSizeGreaterThan(10);
    assertThat(Collections.indexOfSubList(test, shown)).as("the Testing example found in FlagsApplicationTest.java").isNotNegative();
  }

  private static List<String> stripped(List<String> lines) {
    return lines.stream().map(String::strip).toList();
  }
}

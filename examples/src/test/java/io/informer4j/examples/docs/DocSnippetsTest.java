package io.informer4j.examples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The docs are code: every {@code ```java} block of README.md and docs/*.md compiles against the
 * modules it documents (the README quick start also runs: it is {@code QuickStart}, see
 * {@code ReadmeQuickStartTest}). A page states what a block uses but does not create in a
 * {@code <!-- snippet ... -->} comment above it ({@link DocSnippet}).
 */
class DocSnippetsTest {

  private static final Path ROOT = Path.of("..");

  private static List<DocSnippet> documented() throws IOException {
    List<Path> pages = new ArrayList<>();
    pages.add(ROOT.resolve("README.md"));
    try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
      docs.filter(page -> page.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    List<DocSnippet> snippets = new ArrayList<>();
    for (Path page : pages) {
      snippets.addAll(DocSnippet.of(ROOT.relativize(page).toString(), Files.readString(page)));
    }
    return snippets;
  }

  @Test
  void everyJavaBlockOfTheReadmeAndTheDocsCompiles() throws IOException {
    List<DocSnippet> snippets = documented();
    assertThat(snippets).as("java blocks found").hasSizeGreaterThanOrEqualTo(10);
    assertThat(SnippetCompiler.errors(snippets)).as("errors compiling the docs' java blocks").isEmpty();
  }

  @Test
  void aBrokenSnippetIsReportedWithItsPageAndLine() throws IOException {
    String page = """
        # A page

        <!-- snippet
        Manager manager = null;
        -->
        ```java
        manager.controller("pods", null).reconcileEverything();
        ```

        ```java
        Duration fine = Duration.ofSeconds(1);
        ```
        """;

    List<String> errors = SnippetCompiler.errors(DocSnippet.of("docs/BROKEN.md", page));

    assertThat(errors).hasSize(1);
    assertThat(errors.get(0)).startsWith("docs/BROKEN.md:6: ").contains("reconcileEverything");
  }
}

package io.informer4j.examples.docs;

import java.util.ArrayList;
import java.util.List;

/**
 * One Java code block of a Markdown page, with the context the page gives it in an HTML comment
 * just above the fence (invisible when the page is rendered):
 *
 * <pre>
 * &lt;!-- snippet
 * import io.fabric8.kubernetes.api.model.apps.Deployment;
 * KubernetesBackend kube = null;
 * --&gt;
 * </pre>
 *
 * Lines of the comment that start with {@code import} are imports; a line {@code // members} says the
 * block declares members of a class (methods, such as a Spring {@code @Bean}); the other lines are
 * statements put before the block's code (declarations of what the block uses but does not create),
 * or, when the block declares a class, declarations put after it (stand-ins for an application's own
 * classes).
 *
 * @param page    the page, relative to the repository's root (for messages)
 * @param line    the line of the opening fence, counted from 1
 * @param code    the block's code
 * @param imports imports the comment adds
 * @param prelude statements the comment puts before the code
 */
record DocSnippet(String page, int line, String code, List<String> imports, List<String> prelude) {

  private static final String FENCE = "```java";
  private static final String CONTEXT = "<!-- snippet";

  /** Returns the Java blocks of {@code markdown}, in order. */
  static List<DocSnippet> of(String page, String markdown) {
    List<String> lines = markdown.lines().toList();
    List<DocSnippet> snippets = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).strip().equals(FENCE)) {
        continue;
      }
      int end = i + 1;
      while (end < lines.size() && !lines.get(end).strip().equals("```")) {
        end++;
      }
      List<String> imports = new ArrayList<>();
      List<String> prelude = new ArrayList<>();
      context(lines, i, imports, prelude);
      snippets.add(new DocSnippet(page, i + 1, String.join("\n", lines.subList(i + 1, end)), imports, prelude));
      i = end;
    }
    return snippets;
  }

  /** Reads the context comment that ends on the line above the fence at {@code fence}, if any. */
  private static void context(List<String> lines, int fence, List<String> imports, List<String> prelude) {
    if (fence == 0 || !lines.get(fence - 1).strip().equals("-->")) {
      return;
    }
    int start = fence - 2;
    while (start >= 0 && !lines.get(start).strip().startsWith(CONTEXT)) {
      start--;
    }
    for (int i = start + 1; i < fence - 1; i++) {
      String line = lines.get(i).strip();
      if (line.startsWith("import ")) {
        imports.add(line);
      } else if (!line.isEmpty()) {
        prelude.add(line);
      }
    }
  }

  /** Returns true when the block declares members of a class rather than statements. */
  boolean declaresMembers() {
    return prelude.contains("// members");
  }

  /** Returns true when the block declares a class of its own rather than being statements. */
  boolean declaresAClass() {
    return code.lines().anyMatch(line -> line.startsWith("class ") || line.startsWith("public class ")
        || line.startsWith("record "));
  }

  @Override
  public String toString() {
    return page + ":" + line;
  }
}

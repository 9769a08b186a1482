package io.informer4j.examples.docs;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles documentation snippets against the class path the tests run with: statements become the
 * body of a method (after the page's context), members (a context saying {@code // members}) the
 * body of a class, and a block that declares a class is compiled as it is;
 * both get the imports every page may rely on, plus the page's own. One compiler run for all
 * snippets; errors are reported as {@code page:line: message}.
 */
final class SnippetCompiler {

  /** What every snippet may use without importing: the API packages of informer4j and of fabric8's models. */
  private static final List<String> IMPORTS = List.of(
      "import io.informer4j.cache.*;", "import io.informer4j.controller.*;", "import io.informer4j.coordination.*;",
      "import io.informer4j.factory.*;", "import io.informer4j.informer.*;", "import io.informer4j.manager.*;",
      "import io.informer4j.meta.*;", "import io.informer4j.queue.*;", "import io.informer4j.reader.*;",
      "import io.informer4j.source.*;", "import io.informer4j.time.*;", "import io.informer4j.kubernetes.*;",
      "import io.informer4j.kubernetes.coordination.*;", "import io.informer4j.kubernetes.operator.*;",
      "import io.informer4j.kubernetes.testserver.*;", "import io.informer4j.etcd.*;",
      "import io.informer4j.etcd.coordination.*;", "import io.informer4j.health.*;", "import io.informer4j.testkit.*;",
      "import io.fabric8.kubernetes.api.model.*;", "import io.fabric8.kubernetes.client.*;", "import java.util.*;",
      "import java.util.concurrent.*;", "import java.nio.file.*;", "import java.time.Duration;");

  private SnippetCompiler() {
  }

  /**
   * Compiles {@code snippets}; returns the errors, each naming its page and fence line (empty when
   * every snippet compiles).
   */
  static List<String> errors(List<DocSnippet> snippets) throws IOException {
    Map<String, DocSnippet> bySource = new LinkedHashMap<>();
    List<JavaFileObject> sources = new ArrayList<>();
    for (int i = 0; i < snippets.size(); i++) {
      String pkg = "docs.snippet" + i;
      DocSnippet snippet = snippets.get(i);
      String className = snippet.declaresAClass() ? declaredClass(snippet) : "Snippet";
      JavaFileObject source = new Source(pkg.replace('.', '/') + "/" + className + ".java", unit(pkg, snippet));
      bySource.put(source.toUri().toString(), snippet);
      sources.add(source);
    }
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    Path out = Files.createTempDirectory("doc-snippets");
    try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
      List<String> options = List.of("-proc:none", "-d", out.toString(), "-classpath", classPath());
      compiler.getTask(null, files, diagnostics, options, null, sources).call();
    }
    List<String> errors = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() == Diagnostic.Kind.ERROR) {
        DocSnippet snippet = d.getSource() == null ? null : bySource.get(d.getSource().toUri().toString());
        errors.add((snippet == null ? "?" : snippet.toString()) + ": " + d.getMessage(Locale.ROOT)
            + (snippet == null ? "" : "\n    in: " + lineOf(d)));
      }
    }
    return errors;
  }

  private static String lineOf(Diagnostic<? extends JavaFileObject> diagnostic) {
    try {
      List<String> lines = diagnostic.getSource().getCharContent(true).toString().lines().toList();
      long line = diagnostic.getLineNumber();
      return line >= 1 && line <= lines.size() ? lines.get((int) line - 1).strip() : "";
    } catch (IOException e) {
      return "";
    }
  }

  private static String unit(String pkg, DocSnippet snippet) {
    StringBuilder unit = new StringBuilder("package ").append(pkg).append(";\n");
    IMPORTS.forEach(line -> unit.append(line).append('\n'));
    snippet.imports().forEach(line -> unit.append(line).append('\n'));
    if (snippet.declaresAClass()) {
      unit.append(snippet.code()).append('\n');
      snippet.prelude().forEach(line -> unit.append(line).append('\n'));
      return unit.toString();
    }
    unit.append("@SuppressWarnings(\"all\")\nclass Snippet {\n");
    if (snippet.declaresMembers()) {
      return unit.append(snippet.code()).append("\n}\n").toString();
    }
    unit.append("  void run() throws Exception {\n");
    snippet.prelude().forEach(line -> unit.append("    ").append(line).append('\n'));
    return unit.append(snippet.code()).append("\n  }\n}\n").toString();
  }

  private static String declaredClass(DocSnippet snippet) {
    for (String line : snippet.code().lines().toList()) {
      String[] words = line.strip().split("[\\s<{(]+");
      for (int i = 0; i < words.length - 1; i++) {
        if (words[i].equals("class") || words[i].equals("record")) {
          return words[i + 1];
        }
      }
    }
    throw new IllegalArgumentException(snippet + " declares no class");
  }

  /** The test class path: surefire's, or the JVM's when run otherwise. */
  private static String classPath() {
    return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
  }

  private static final class Source extends SimpleJavaFileObject {
    private final String code;

    Source(String path, String code) {
      super(URI.create("string:///" + path), Kind.SOURCE);
      this.code = code;
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
      return code;
    }
  }
}

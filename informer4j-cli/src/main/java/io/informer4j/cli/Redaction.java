package io.informer4j.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Hides credentials in everything the program prints: its messages, the dashboard and log output
 * all pass through {@link #stream(PrintStream)}. Hidden, each replaced by {@code ***}:
 * <ul>
 *   <li>the password of a URL ({@code https://alice:***@host});
 *   <li>secrets the program was given or read ({@link #secret(String)}: an etcd password, a
 *       kubeconfig's token or password), wherever they appear;
 *   <li>the value after a credential's name ({@code token: ***}, {@code "password":***},
 *       {@code Authorization: Bearer ***}, {@code Basic ***});
 *   <li>the document text a YAML parser quotes around an error (a kubeconfig's broken line may
 *       hold its token): only the line and column stay.
 * </ul>
 * Thread-safe.
 */
public final class Redaction {

  static final String HIDDEN = "***";

  private static final Pattern URL_PASSWORD = Pattern.compile("([a-zA-Z][a-zA-Z0-9+.-]*://[^/@\\s:]*):[^/@\\s]*@");
  private static final Pattern NAMED_SECRET = Pattern.compile(
      "(?i)((?:token|password|passwd|secret|client-key-data|access-token|id-token|refresh-token|client-secret)"
          + "[\"']?\\s*[:=]\\s*)(?:\"[^\"]*\"?|'[^']*'?|[^\\s,;}\\]\"']+)");
  private static final Pattern AUTHORIZATION = Pattern.compile("(?i)\\b((?:bearer|basic)\\s+)[^\\s,;\"']+");
  private static final Pattern YAML_CONTEXT = Pattern.compile("(in reader, line \\d+, column \\d+):.*?\\^", Pattern.DOTALL);

  private static final Set<String> SECRETS = ConcurrentHashMap.newKeySet();

  private Redaction() {
  }

  /** Registers a secret to hide wherever it appears from now on; null and empty values are ignored. */
  public static void secret(String value) {
    if (value != null && !value.isEmpty()) {
      SECRETS.add(value);
    }
  }

  /** Returns {@code text} with credentials hidden; null stays null. */
  public static String redact(String text) {
    if (text == null) {
      return null;
    }
    String out = text;
    List<String> known = SECRETS.stream().sorted(Comparator.comparingInt(String::length).reversed()).toList();
    for (String secret : known) {
      out = out.replace(secret, HIDDEN);
    }
    out = YAML_CONTEXT.matcher(out).replaceAll("$1");
    out = URL_PASSWORD.matcher(out).replaceAll("$1:" + Matcher.quoteReplacement(HIDDEN) + "@");
    out = NAMED_SECRET.matcher(out).replaceAll("$1" + Matcher.quoteReplacement(HIDDEN));
    return AUTHORIZATION.matcher(out).replaceAll("$1" + Matcher.quoteReplacement(HIDDEN));
  }

  /**
   * Returns a print stream that writes to {@code target} what it is given, line by line, with
   * credentials hidden (UTF-8; a line is passed on at its end or when the stream is flushed).
   */
  public static PrintStream stream(PrintStream target) {
    return new PrintStream(new RedactingOutputStream(target), true, StandardCharsets.UTF_8);
  }
}

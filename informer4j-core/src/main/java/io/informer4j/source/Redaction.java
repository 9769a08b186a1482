package io.informer4j.source;

import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one redaction of credentials in what informer4j writes: every description, log line, status
 * text, error message and health document derived from a URL, a kubeconfig or a credential passes
 * through it. Hidden, each replaced by {@code ***}:
 * <ul>
 *   <li>the password of a URL's user information ({@code https://alice:***@host});
 *   <li>secrets registered with {@link #secret(String)} (a kubeconfig's token, password and client
 *       key, an etcd password), wherever they appear;
 *   <li>the value after a credential's name ({@code token: ***}, {@code "password":***},
 *       {@code client-key-data: ***}, {@code Authorization: Bearer ***}, {@code Basic ***});
 *   <li>PEM private keys (the whole block);
 *   <li>the document text a YAML parser quotes around an error (a kubeconfig's broken line may hold
 *       its token): only the line and column stay.
 * </ul>
 * Registered secrets are kept for the life of the JVM (backends register those of the
 * configurations they connect with). Thread-safe.
 */
public final class Redaction {

  /** What stands for a hidden value. */
  public static final String HIDDEN = "***";

  private static final Pattern URL_PASSWORD = Pattern.compile("([a-zA-Z][a-zA-Z0-9+.-]*://[^/@\\s:]*):[^/@\\s]*@");
  private static final Pattern NAMED_SECRET = Pattern.compile(
      "(?i)((?:token|password|passwd|secret|client-key-data|access-token|id-token|refresh-token|client-secret)"
          + "[\"']?\\s*[:=]\\s*)(?:\"[^\"]*\"?|'[^']*'?|[^\\s,;}\\]\"']+)");
  private static final Pattern AUTHORIZATION = Pattern.compile("(?i)\\b((?:bearer|basic)\\s+)[^\\s,;\"']+");
  private static final Pattern PRIVATE_KEY =
      Pattern.compile("-----BEGIN ([A-Z ]*)PRIVATE KEY-----.*?(?:-----END \\1PRIVATE KEY-----|$)", Pattern.DOTALL);
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
    out = PRIVATE_KEY.matcher(out).replaceAll(HIDDEN);
    out = YAML_CONTEXT.matcher(out).replaceAll("$1");
    out = URL_PASSWORD.matcher(out).replaceAll("$1:" + Matcher.quoteReplacement(HIDDEN) + "@");
    out = NAMED_SECRET.matcher(out).replaceAll("$1" + Matcher.quoteReplacement(HIDDEN));
    return AUTHORIZATION.matcher(out).replaceAll("$1" + Matcher.quoteReplacement(HIDDEN));
  }

  /**
   * Returns {@code error} itself when no message in it (its causes and suppressed errors included)
   * holds a credential; otherwise a copy whose every throwable is a {@link RedactedException}
   * naming the original's class, with its message redacted and its stack trace. Null stays null.
   */
  public static Throwable redact(Throwable error) {
    if (error == null || !holdsSecret(error, Collections.newSetFromMap(new IdentityHashMap<>()))) {
      return error;
    }
    return copy(error, new IdentityHashMap<>());
  }

  private static boolean holdsSecret(Throwable error, Set<Throwable> seen) {
    if (!seen.add(error)) {
      return false;
    }
    String text = error.toString();
    if (!text.equals(redact(text))) {
      return true;
    }
    for (Throwable suppressed : error.getSuppressed()) {
      if (holdsSecret(suppressed, seen)) {
        return true;
      }
    }
    return error.getCause() != null && holdsSecret(error.getCause(), seen);
  }

  private static Throwable copy(Throwable error, Map<Throwable, Throwable> copies) {
    Throwable done = copies.get(error);
    if (done != null) {
      return done;
    }
    RedactedException copy = new RedactedException(redact(error.toString()));
    copies.put(error, copy);
    copy.setStackTrace(error.getStackTrace());
    if (error.getCause() != null) {
      copy.initCause(copy(error.getCause(), copies));
    }
    for (Throwable suppressed : error.getSuppressed()) {
      copy.addSuppressed(copy(suppressed, copies));
    }
    return copy;
  }
}

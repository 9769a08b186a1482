package io.informer4j.kubernetes.testserver;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * URLs read as Go's {@code net/url} reads them ({@code url.Parse} and {@code url.ParseRequestURI}):
 * the scheme, an opaque part, the authority's host, the path and the raw query, with Go's errors
 * ({@code parse "<url>": invalid URI for request}, {@code missing protocol scheme}, …). Hosts are
 * not checked further than Go's split of the authority. Stateless.
 */
final class GoUrls {

  private GoUrls() {
  }

  /** A parsed URL: the escaped path is kept as written. */
  record Url(String scheme, String opaque, String host, String path, String rawQuery) {

    /** URL.Hostname: the host without its port and without an IPv6 literal's brackets. */
    String hostname() {
      if (host.startsWith("[")) {
        int close = host.indexOf(']');
        return close < 0 ? host.substring(1) : host.substring(1, close);
      }
      int colon = host.lastIndexOf(':');
      return colon >= 0 && validPort(host.substring(colon)) ? host.substring(0, colon) : host;
    }

    /** URL.Port: the digits after the host's last colon, or {@code ""}. */
    String port() {
      int colon = host.lastIndexOf(':');
      int close = host.lastIndexOf(']');
      return colon > close && validPort(host.substring(colon)) ? host.substring(colon + 1) : "";
    }

    /**
     * URL.Query: each key's values in order; a pair with a semicolon or a bad escape is left out, as
     * Go's ParseQuery leaves it out.
     */
    Map<String, List<String>> query() {
      Map<String, List<String>> values = new LinkedHashMap<>();
      for (String pair : rawQuery.split("&", -1)) {
        if (pair.isEmpty() || pair.contains(";")) {
          continue;
        }
        int equals = pair.indexOf('=');
        String key = unescape(equals < 0 ? pair : pair.substring(0, equals));
        String value = unescape(equals < 0 ? "" : pair.substring(equals + 1));
        if (key != null && value != null) {
          values.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
        }
      }
      return values;
    }

    private static boolean validPort(String colonAndPort) {
      return colonAndPort.substring(1).chars().allMatch(c -> c >= '0' && c <= '9');
    }
  }

  /** url.ParseRequestURI. @throws IllegalArgumentException with Go's message */
  static Url parseRequestUri(String raw) {
    return parse(raw, raw, true);
  }

  /** url.Parse: the fragment is cut off first. @throws IllegalArgumentException with Go's message */
  static Url parse(String raw) {
    int hash = raw.indexOf('#');
    return parse(raw, hash < 0 ? raw : raw.substring(0, hash), false);
  }

  private static Url parse(String whole, String raw, boolean viaRequest) {
    String failed = "parse " + JsonValues.quote(whole) + ": ";
    if (raw.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
      throw new IllegalArgumentException(failed + "net/url: invalid control character in URL");
    }
    if (raw.isEmpty() && viaRequest) {
      throw new IllegalArgumentException(failed + "empty url");
    }
    int schemeEnd = schemeEnd(raw);
    if (schemeEnd == 0) {
      throw new IllegalArgumentException(failed + "missing protocol scheme");
    }
    String scheme = schemeEnd < 0 ? "" : raw.substring(0, schemeEnd).toLowerCase(Locale.ROOT);
    String rest = schemeEnd < 0 ? raw : raw.substring(schemeEnd + 1);
    String query = "";
    int question = rest.indexOf('?');
    if (question >= 0) {
      query = rest.substring(question + 1);
      rest = rest.substring(0, question);
    }
    if (!rest.startsWith("/")) {
      if (!scheme.isEmpty()) {
        return new Url(scheme, rest, "", "", query);
      }
      if (viaRequest) {
        throw new IllegalArgumentException(failed + "invalid URI for request");
      }
      int colon = rest.indexOf(':');
      int slash = rest.indexOf('/');
      if (colon >= 0 && (slash < 0 || colon < slash)) {
        throw new IllegalArgumentException(failed + "first path segment in URL cannot contain colon");
      }
    }
    String host = "";
    if ((!scheme.isEmpty() || !viaRequest && !rest.startsWith("///")) && rest.startsWith("//")) {
      String authority = rest.substring(2);
      int slash = authority.indexOf('/');
      rest = slash < 0 ? "" : authority.substring(slash);
      authority = slash < 0 ? authority : authority.substring(0, slash);
      host = authority.substring(authority.lastIndexOf('@') + 1);
    }
    return new Url(scheme, "", host, rest, query);
  }

  /** getScheme: the index of the colon that ends a scheme, 0 for a leading colon, -1 for none. */
  private static int schemeEnd(String raw) {
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
        continue;
      }
      if (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.') {
        if (i == 0) {
          return -1;
        }
        continue;
      }
      return c == ':' ? i : -1;
    }
    return -1;
  }

  /** QueryUnescape; null for a bad escape. */
  private static String unescape(String text) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '%') {
        if (i + 2 >= text.length() || Character.digit(text.charAt(i + 1), 16) < 0
            || Character.digit(text.charAt(i + 2), 16) < 0) {
          return null;
        }
        bytes.write(Integer.parseInt(text.substring(i + 1, i + 3), 16));
        i += 2;
      } else if (c == '+') {
        bytes.write(' ');
      } else {
        int codePoint = text.codePointAt(i);
        byte[] encoded = new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8);
        bytes.write(encoded, 0, encoded.length);
        i += Character.charCount(codePoint) - 1;
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}

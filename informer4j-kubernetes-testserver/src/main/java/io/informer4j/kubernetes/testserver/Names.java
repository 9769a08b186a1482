package io.informer4j.kubernetes.testserver;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * Object names as the API server checks and generates them: most resources need an RFC 1123
 * subdomain, namespaces an RFC 1123 label (apimachinery's {@code IsDNS1123Subdomain} and
 * {@code IsDNS1123Label}, with their messages, k8s.io/apimachinery/pkg/util/validation); a
 * {@code generateName} gets five random characters from the alphabet of apimachinery's
 * {@code util/rand.String} (names.SimpleNameGenerator). Stateless.
 */
final class Names {

  private static final Pattern SUBDOMAIN = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
  private static final Pattern LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
  private static final String SUBDOMAIN_DETAIL = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric "
      + "characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used "
      + "for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
  private static final String LABEL_DETAIL = "a lowercase RFC 1123 label must consist of lower case alphanumeric "
      + "characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', "
      + "regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
  private static final String ALPHABET = "bcdfghjklmnpqrstvwxz2456789";
  private static final int MAX_GENERATE_NAME_PREFIX = 58;

  private Names() {
  }

  /** Returns the errors of {@code name} as a name of an object of {@code type} (none when valid). */
  static List<FieldError> check(ResourceType type, String name) {
    boolean label = type.type().group().isEmpty() && "namespaces".equals(type.plural());
    int max = label ? 63 : 253;
    if (name.length() > max) {
      return List.of(FieldError.invalid("metadata.name", name, "must be no more than " + max + " characters"));
    }
    if (!(label ? LABEL : SUBDOMAIN).matcher(name).matches()) {
      return List.of(FieldError.invalid("metadata.name", name, label ? LABEL_DETAIL : SUBDOMAIN_DETAIL));
    }
    return List.of();
  }

  /** Returns a name made from a {@code generateName} prefix (cut to 58 characters) and five random characters. */
  static String generate(String prefix) {
    String base = prefix.length() > MAX_GENERATE_NAME_PREFIX ? prefix.substring(0, MAX_GENERATE_NAME_PREFIX) : prefix;
    StringBuilder name = new StringBuilder(base);
    ThreadLocalRandom random = ThreadLocalRandom.current();
    for (int i = 0; i < 5; i++) {
      name.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
    }
    return name.toString();
  }
}

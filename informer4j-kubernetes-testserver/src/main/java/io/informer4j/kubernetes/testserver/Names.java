package io.informer4j.kubernetes.testserver;

import java.util.ArrayList;
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
  private static final Pattern DNS1035_LABEL = Pattern.compile("[a-z]([-a-z0-9]*[a-z0-9])?");
  private static final String SUBDOMAIN_DETAIL = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric "
      + "characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used "
      + "for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
  private static final String LABEL_DETAIL = "a lowercase RFC 1123 label must consist of lower case alphanumeric "
      + "characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', "
      + "regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
  private static final String DNS1035_DETAIL = "a DNS-1035 label must consist of lower case alphanumeric characters "
      + "or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or "
      + "'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
  private static final int SUBDOMAIN_MAX = 253;
  private static final int LABEL_MAX = 63;
  private static final String ALPHABET = "bcdfghjklmnpqrstvwxz2456789";
  private static final int MAX_GENERATE_NAME_PREFIX = 58;

  private Names() {
  }

  /**
   * Returns the errors of {@code name} as a name of an object of {@code type} (none when valid):
   * Namespaces need a DNS-1123 label (ValidateNamespaceName), Services a DNS-1035 label
   * (ValidateServiceName), other kinds a DNS-1123 subdomain (NameIsDNSSubdomain), as
   * kubernetes/pkg/apis/core/validation and apimachinery's ValidateObjectMeta check them.
   */
  static List<FieldError> check(ResourceType type, String name) {
    boolean core = type.type().group().isEmpty();
    List<String> errors;
    if (core && "namespaces".equals(type.plural())) {
      errors = labelErrors(name, LABEL, LABEL_DETAIL);
    } else if (core && "services".equals(type.plural())) {
      errors = dns1035LabelErrors(name);
    } else {
      errors = subdomainErrors(name);
    }
    return errors.stream().map(error -> FieldError.invalid("metadata.name", name, error)).toList();
  }

  /** IsDNS1123Subdomain: the problems of {@code value} as a DNS-1123 subdomain (none when valid). */
  static List<String> subdomainErrors(String value) {
    return errors(value, SUBDOMAIN_MAX, SUBDOMAIN, SUBDOMAIN_DETAIL);
  }

  /** IsDNS1123Label: the problems of {@code value} as a DNS-1123 label (none when valid). */
  static List<String> labelErrors(String value) {
    return labelErrors(value, LABEL, LABEL_DETAIL);
  }

  /** IsDNS1035Label: the problems of {@code value} as a DNS-1035 label (none when valid). */
  static List<String> dns1035LabelErrors(String value) {
    return labelErrors(value, DNS1035_LABEL, DNS1035_DETAIL);
  }

  private static List<String> labelErrors(String value, Pattern pattern, String detail) {
    return errors(value, LABEL_MAX, pattern, detail);
  }

  private static List<String> errors(String value, int max, Pattern pattern, String detail) {
    List<String> errors = new ArrayList<>();
    if (value.length() > max) {
      errors.add("must be no more than " + max + " characters");
    }
    if (!pattern.matcher(value).matches()) {
      errors.add(detail);
    }
    return errors;
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

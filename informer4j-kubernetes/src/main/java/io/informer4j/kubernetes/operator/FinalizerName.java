package io.informer4j.kubernetes.operator;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A finalizer name: a domain-qualified name such as {@code example.com/cleanup}, as Kubernetes
 * validates qualified names (a DNS subdomain prefix of at most 253 characters, a slash, and a name
 * of at most 63 alphanumerics, {@code -}, {@code _} and {@code .} that starts and ends
 * alphanumeric). The prefix is required: the API server warns about unqualified finalizers, and a
 * domain keeps operators from removing each other's. Immutable.
 *
 * @param value the name
 */
public record FinalizerName(String value) {

  private static final Pattern PREFIX = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
  private static final Pattern NAME = Pattern.compile("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");

  /** @throws InvalidFinalizerNameException if {@code value} is not a domain-qualified name */
  public FinalizerName {
    Objects.requireNonNull(value, "value");
    int slash = value.indexOf('/');
    if (slash < 0) {
      throw invalid(value, "it has no domain prefix; use for example example.com/" + (value.isEmpty() ? "cleanup" : value));
    }
    String prefix = value.substring(0, slash);
    String name = value.substring(slash + 1);
    if (prefix.isEmpty() || prefix.length() > 253 || !PREFIX.matcher(prefix).matches()) {
      throw invalid(value, "the prefix '" + prefix + "' is not a DNS subdomain (lower-case alphanumerics, '-' and '.', "
          + "at most 253 characters)");
    }
    if (name.isEmpty() || name.length() > 63 || !NAME.matcher(name).matches()) {
      throw invalid(value, "the name '" + name + "' must be 1 to 63 alphanumerics, '-', '_' or '.', starting and ending "
          + "with an alphanumeric");
    }
  }

  private static InvalidFinalizerNameException invalid(String value, String why) {
    return new InvalidFinalizerNameException("invalid finalizer name '" + value + "': " + why);
  }

  @Override
  public String toString() {
    return value;
  }
}

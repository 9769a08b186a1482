package io.informer4j.kubernetes.testserver;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The syntax of label keys, annotation keys and label values, with apimachinery's messages
 * ({@code IsQualifiedName} and {@code IsValidLabelValue} in k8s.io/apimachinery/pkg/util/validation/validation.go):
 * a key is an optional DNS-1123 subdomain prefix and {@code /}, then a name of at most 63
 * alphanumeric characters, {@code -}, {@code _} or {@code .}, starting and ending alphanumeric; a
 * label value is empty or such a name. Stateless.
 */
final class QualifiedNames {

  private static final String NAME_FORMAT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
  private static final Pattern NAME = Pattern.compile(NAME_FORMAT);
  private static final String NAME_ERROR = "must consist of alphanumeric characters, '-', '_' or '.', and must start "
      + "and end with an alphanumeric character";
  private static final String NAME_REGEX_ERROR = NAME_ERROR + " (e.g. 'MyName',  or 'my.name',  or '123-abc', "
      + "regex used for validation is '" + NAME_FORMAT + "')";
  private static final String VALUE_REGEX_ERROR = "a valid label must be an empty string or consist of alphanumeric "
      + "characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or "
      + "'my_value',  or '12345', regex used for validation is '(" + NAME_FORMAT + ")?')";
  private static final int MAX_LENGTH = 63;

  private QualifiedNames() {
  }

  /** IsQualifiedName: the problems of {@code value} as a label or annotation key (none when valid). */
  static List<String> keyErrors(String value) {
    List<String> errors = new ArrayList<>();
    String[] parts = value.split("/", -1);
    String name;
    if (parts.length == 1) {
      name = parts[0];
    } else if (parts.length == 2) {
      name = parts[1];
      if (parts[0].isEmpty()) {
        errors.add("prefix part must be non-empty");
      } else {
        Names.subdomainErrors(parts[0]).forEach(error -> errors.add("prefix part " + error));
      }
    } else {
      errors.add("a qualified name " + NAME_REGEX_ERROR + " with an optional DNS subdomain prefix and '/' "
          + "(e.g. 'example.com/MyName')");
      return errors;
    }
    if (name.isEmpty()) {
      errors.add("name part must be non-empty");
    } else if (name.length() > MAX_LENGTH) {
      errors.add("name part must be no more than " + MAX_LENGTH + " characters");
    }
    if (!NAME.matcher(name).matches()) {
      errors.add("name part " + NAME_REGEX_ERROR);
    }
    return errors;
  }

  /** IsValidLabelValue: the problems of {@code value} as a label value (none when valid). */
  static List<String> labelValueErrors(String value) {
    List<String> errors = new ArrayList<>();
    if (value.length() > MAX_LENGTH) {
      errors.add("must be no more than " + MAX_LENGTH + " characters");
    }
    if (!value.isEmpty() && !NAME.matcher(value).matches()) {
      errors.add(VALUE_REGEX_ERROR);
    }
    return errors;
  }
}

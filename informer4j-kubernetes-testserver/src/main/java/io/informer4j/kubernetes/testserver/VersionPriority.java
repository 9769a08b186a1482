package io.informer4j.kubernetes.testserver;

import java.util.Comparator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The order in which the API server prefers versions of a group, highest first: apimachinery's
 * {@code version.CompareKubeAwareVersionStrings} (k8s.io/apimachinery/pkg/version/helpers.go), which
 * the apiextensions-apiserver uses to pick a CRD group's preferred version. Versions of the form
 * {@code v<major>[alpha|beta<minor>]} come first: GA before beta before alpha, then higher major,
 * then higher minor; other strings follow in lexical order. Stateless.
 */
final class VersionPriority {

  /** Compares versions so that the preferred one sorts first. */
  static final Comparator<String> HIGHEST_FIRST = VersionPriority::compare;

  private static final Pattern KUBE_VERSION = Pattern.compile("^v(\\d+)(?:(alpha|beta)(\\d+))?$");

  private VersionPriority() {
  }

  private static int compare(String a, String b) {
    Matcher left = KUBE_VERSION.matcher(a);
    Matcher right = KUBE_VERSION.matcher(b);
    boolean leftKube = left.matches();
    boolean rightKube = right.matches();
    if (!leftKube || !rightKube) {
      return leftKube == rightKube ? a.compareTo(b) : leftKube ? -1 : 1;
    }
    int byStability = Integer.compare(stability(right.group(2)), stability(left.group(2)));
    if (byStability != 0) {
      return byStability;
    }
    int byMajor = Long.compare(Long.parseLong(right.group(1)), Long.parseLong(left.group(1)));
    if (byMajor != 0 || left.group(3) == null) {
      return byMajor;
    }
    return Long.compare(Long.parseLong(right.group(3)), Long.parseLong(left.group(3)));
  }

  private static int stability(String qualifier) {
    if (qualifier == null) {
      return 2;
    }
    return "beta".equals(qualifier) ? 1 : 0;
  }
}

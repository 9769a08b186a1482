package io.informer4j.kubernetes.testserver;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code /version} document (apimachinery's {@code version.Info}). By default the server says it
 * is Kubernetes {@value #DEFAULT}: from 1.35 an API server guarantees resourceVersions that compare
 * as integers (KEP-5504), which this server's are; an older version can be reported to test clients'
 * fallback. Immutable.
 *
 * @param gitVersion the version reported, {@code v<major>.<minor>.<patch>}
 */
record ServerVersion(String gitVersion) {

  /** The version reported unless told otherwise. */
  static final String DEFAULT = "v1.35.0";

  private static final Pattern FORM = Pattern.compile("v(\\d+)\\.(\\d+)\\.(\\d+)");

  /** @throws IllegalArgumentException if the version is not of the form {@code v1.35.0} */
  ServerVersion {
    if (gitVersion == null || !FORM.matcher(gitVersion).matches()) {
      throw new IllegalArgumentException("a Kubernetes version is written v<major>.<minor>.<patch>, e.g. v1.34.0: "
          + gitVersion);
    }
  }

  /** Returns the {@code /version} document. */
  Map<String, Object> document() {
    Matcher parts = FORM.matcher(gitVersion);
    parts.matches();
    Map<String, Object> info = new LinkedHashMap<>();
    info.put("major", parts.group(1));
    info.put("minor", parts.group(2));
    info.put("gitVersion", gitVersion);
    info.put("gitCommit", "informer4j-kubernetes-testserver");
    info.put("gitTreeState", "clean");
    info.put("buildDate", "2025-12-17T00:00:00Z");
    info.put("goVersion", "go1.25.5");
    info.put("compiler", "gc");
    info.put("platform", "linux/amd64");
    return info;
  }
}

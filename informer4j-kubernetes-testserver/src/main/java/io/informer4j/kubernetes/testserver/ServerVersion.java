package io.informer4j.kubernetes.testserver;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code /version} document (apimachinery's {@code version.Info}): the server says it is
 * Kubernetes 1.32, the API level whose behaviour it follows. Stateless.
 */
final class ServerVersion {

  private ServerVersion() {
  }

  static Map<String, Object> document() {
    Map<String, Object> info = new LinkedHashMap<>();
    info.put("major", "1");
    info.put("minor", "32");
    info.put("gitVersion", "v1.32.0");
    info.put("gitCommit", "informer4j-kubernetes-testserver");
    info.put("gitTreeState", "clean");
    info.put("buildDate", "2024-12-11T00:00:00Z");
    info.put("goVersion", "go1.23.4");
    info.put("compiler", "gc");
    info.put("platform", "linux/amd64");
    return info;
  }
}

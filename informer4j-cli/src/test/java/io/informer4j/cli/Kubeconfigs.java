package io.informer4j.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes kubeconfig files for tests: one cluster at a URL, no credentials. */
final class Kubeconfigs {

  private Kubeconfigs() {
  }

  /** Writes a kubeconfig for the server at {@code url} into {@code dir}. */
  static Path forServer(Path dir, String url) throws IOException {
    return Files.writeString(dir.resolve("kubeconfig"), """
        apiVersion: v1
        kind: Config
        clusters:
        - name: test
          cluster:
            server: %s
        contexts:
        - name: test
          context:
            cluster: test
            user: test
            namespace: default
        current-context: test
        users:
        - name: test
          user: {}
        """.formatted(url));
  }
}

package io.informer4j.examples;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QuickStartTest {

  @Test
  void theControllerReconcilesTheAllowedNamespaceThroughTheCache() throws Exception {
    assertThat(QuickStart.run())
        .contains("reconciled shop/web-2", "deleted shop/web-1")
        .noneMatch(line -> line.contains("kube-system"));
  }
}

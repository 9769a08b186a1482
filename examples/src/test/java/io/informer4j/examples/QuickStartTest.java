package io.informer4j.examples;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QuickStartTest {

  @Test
  void thePodIsReconciledWhenItAndTheConfigMapNamingItChangeAndWhenItIsDeleted() throws Exception {
    assertThat(QuickStart.run()).containsExactly("reconciled shop/web-1", "reconciled shop/web-1", "deleted shop/web-1");
  }
}

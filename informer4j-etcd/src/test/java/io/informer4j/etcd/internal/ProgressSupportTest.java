package io.informer4j.etcd.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProgressSupportTest {

  @Test
  void onlyVersionsWithOrderedProgressRepliesQualify() {
    assertThat(ProgressSupport.ordersProgressReplies("3.4.23")).isFalse();
    assertThat(ProgressSupport.ordersProgressReplies("3.4.30")).isFalse();
    assertThat(ProgressSupport.ordersProgressReplies("3.4.31")).isTrue();
    assertThat(ProgressSupport.ordersProgressReplies("3.5.12")).isFalse();
    assertThat(ProgressSupport.ordersProgressReplies("3.5.13")).isTrue();
    assertThat(ProgressSupport.ordersProgressReplies("3.6.0-rc.1")).isTrue();
    assertThat(ProgressSupport.ordersProgressReplies("4.0.0")).isTrue();
    assertThat(ProgressSupport.ordersProgressReplies("3.3.27")).isFalse();
    assertThat(ProgressSupport.ordersProgressReplies("banana")).isFalse();
    assertThat(ProgressSupport.ordersProgressReplies(null)).isFalse();
  }
}

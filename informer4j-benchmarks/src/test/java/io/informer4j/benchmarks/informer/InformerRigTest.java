package io.informer4j.benchmarks.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The rigs measure the whole pipeline of both libraries and leave no thread behind. */
class InformerRigTest {

  private static final Duration TIMEOUT = Duration.ofSeconds(30);
  private static final ConfigMapWorkload WORKLOAD = ConfigMapWorkload.create(500, 2, 7);

  @ParameterizedTest
  @ValueSource(strings = {InformerRig.INFORMER4J, InformerRig.CLIENT_JAVA})
  void everyHandlerGetsEveryAddAndUpdateAndEveryThreadEnds(String library) throws Exception {
    ThreadCensus before = ThreadCensus.take();
    List<CountingHandler> handlers;
    InformerRig closed;
    try (InformerRig rig = InformerRig.create(library, WORKLOAD, 3)) {
      closed = rig;
      handlers = new ArrayList<>(rig.handlers());
      rig.start();
      rig.awaitInitialAdds(TIMEOUT);
      rig.awaitWatching(TIMEOUT);
      rig.deliverUpdates(1_500, TIMEOUT);
      rig.deliverUpdates(700, TIMEOUT);

      assertThat(rig.threadsStarted()).isPositive();
      assertThat(rig.newThreads()).as("every thread the informer started is recognized as its own")
          .isNotEmpty().allMatch(rig::isInformerThread);
      rig.verifyCache(500);
      assertThatThrownBy(() -> rig.verifyCache(501)).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("holds 500 objects, expected 501");
    }
    assertThat(handlers).hasSize(3).allSatisfy(handler -> {
      assertThat(handler.adds()).isEqualTo(500);
      assertThat(handler.updates()).isEqualTo(2_200);
    });
    assertThat(before.newThreads()).noneMatch(closed::isInformerThread);
  }

  @Test
  void informer4jThreadsAreNamedCountedAndSummarized() throws Exception {
    int before = InformerRig.informer4jThreads();
    ThreadUsage usage = new ThreadUsage();
    try (InformerRig rig = InformerRig.create(InformerRig.INFORMER4J, WORKLOAD, 1)) {
      rig.start();
      rig.awaitInitialAdds(TIMEOUT);
      usage.record(rig);
      assertThat(InformerRig.informer4jThreads()).isGreaterThan(before);
      assertThat(usage.summary()).startsWith("informer4j-* threads max " + InformerRig.informer4jThreads() + ", ")
          .endsWith("(1 samples)");
    }
    assertThat(InformerRig.informer4jThreads()).isEqualTo(before);
  }

  @Test
  void unknownLibraryIsRejectedByName() {
    assertThatThrownBy(() -> InformerRig.create("fabric9", WORKLOAD, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'fabric9'");
  }

  @Test
  void updatesNeedAWorkloadWithUpdates() throws Exception {
    try (InformerRig rig = InformerRig.create(InformerRig.INFORMER4J, ConfigMapWorkload.create(10, 0, 1), 1)) {
      rig.start();
      rig.awaitInitialAdds(TIMEOUT);
      assertThatThrownBy(() -> rig.deliverUpdates(1, TIMEOUT)).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("no updates");
    }
  }
}

package io.informer4j.etcd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.etcd.testing.EtcdServerExtension;
import io.informer4j.etcd.testing.EtcdWriter;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.InformerState;
import io.informer4j.informer.SharedIndexInformer;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A quiet prefix under an informer with a short watch idle timeout: the informer's progress probe
 * ({@code requestProgress}) brings a bookmark, so the watch is never re-opened; a source that may
 * not send progress requests has its quiet watch re-opened each idle period instead.
 */
class EtcdIdleWatchTest {

  @RegisterExtension
  static final EtcdServerExtension ETCD = new EtcdServerExtension();
  private static final Duration IDLE = Duration.ofSeconds(1);

  private InformerRuntime runtime;
  private KeyLayout layout;

  @BeforeEach
  void setUp() {
    runtime = InformerRuntime.create("etcd-idle");
    layout = KeyLayout.namespaced(ETCD.newPrefix("quiet"));
    new EtcdWriter(ETCD.client(), layout).put("ns", "only", Widget.labelled(Map.of()));
  }

  @AfterEach
  void tearDown() throws InterruptedException {
    runtime.stop(Duration.ofSeconds(10));
  }

  @Test
  void aQuietWatchAnswersTheProgressProbeWithBookmarksAndIsNeverReopened() throws InterruptedException {
    SharedIndexInformer<EtcdObject<Widget>> informer = informer(ProgressRequests.ALWAYS);
    informer.start();
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(30))).isTrue();
    await().atMost(Duration.ofSeconds(60)).until(() -> informer.status().watches() == 1);

    await().during(IDLE.multipliedBy(4)).atMost(IDLE.multipliedBy(8))
        .until(() -> informer.status().idleTimeouts() == 0 && informer.state() == InformerState.WATCHING);
    assertThat(informer.status().watches()).isEqualTo(1);
    assertThat(informer.status().events()).as("bookmarks").isGreaterThanOrEqualTo(3);
    informer.stop();
  }

  @Test
  void aQuietWatchThatCannotBeProbedIsReopenedEachIdlePeriodWithoutFailing() throws InterruptedException {
    SharedIndexInformer<EtcdObject<Widget>> informer = informer(ProgressRequests.NEVER);
    informer.start();
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(30))).isTrue();

    await().atMost(IDLE.multipliedBy(10)).until(() -> informer.status().idleTimeouts() >= 2);
    assertThat(informer.status().errors()).isZero();
    assertThat(informer.status().relists()).isZero();
    informer.stop();
  }

  private SharedIndexInformer<EtcdObject<Widget>> informer(ProgressRequests progress) {
    EtcdListerWatcher<EtcdObject<Widget>> source = EtcdListerWatcher.builder(ETCD.client(), layout, Widget.CODEC,
        Widget.ADAPTER).progressRequests(progress).build();
    return SharedIndexInformer.builder(source, Widget.ADAPTER).runtime(runtime).watchList(false).watchIdleTimeout(IDLE)
        .build();
  }
}

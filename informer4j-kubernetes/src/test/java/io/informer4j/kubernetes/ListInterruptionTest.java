package io.informer4j.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.informer4j.informer.InformerState;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.kubernetes.testserver.SilentServer;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.Selection;
import io.informer4j.source.SourceException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A list that a server stops answering ends as soon as its thread is interrupted (as an informer
 * interrupts it when it stops, or when no item came for too long), with a {@link SourceException}
 * and the interrupt flag kept: while it waits for the answer, and while it waits for more of the
 * body. An informer stopped during such a list stops at once, without counting an error.
 */
class ListInterruptionTest {

  private static final Duration PROMPTLY = Duration.ofSeconds(5);
  private static final String CONFIG_MAP =
      "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"first\",\"namespace\":\"ns\",\"resourceVersion\":\"5\"}}";

  @Test
  void aListWaitingForAnAnswerThatNeverComesEndsWhenInterrupted() throws Exception {
    try (SilentServer server = SilentServer.neverAnswering(); KubernetesClient client = clientOf(server)) {
      BlockedList list = BlockedList.start(Informers.configMapSource(KubernetesBackend.using(client)));
      assertThat(server.firstRequest().get(10, TimeUnit.SECONDS)).startsWith("GET /api/v1/configmaps");

      list.thread.interrupt();

      assertThat(list.outcome).failsWithin(PROMPTLY).withThrowableOfType(Exception.class)
          .havingCause().isExactlyInstanceOf(SourceException.class).withMessageContaining("was interrupted");
      assertThat(list.interruptedAfter).isTrue();
      assertThat(list.items).isEmpty();
    }
  }

  @Test
  void aListWhoseBodyStopsComingEndsWhenInterrupted() throws Exception {
    try (SilentServer server = SilentServer.answering("{\"kind\":\"ConfigMapList\",\"apiVersion\":\"v1\",\"items\":[" + CONFIG_MAP + ",");
         KubernetesClient client = clientOf(server)) {
      BlockedList list = BlockedList.start(Informers.configMapSource(KubernetesBackend.using(client)));
      await().atMost(Duration.ofSeconds(60)).until(() -> list.items.size() == 1);

      list.thread.interrupt();

      assertThat(list.outcome).failsWithin(PROMPTLY).withThrowableOfType(Exception.class)
          .havingCause().isExactlyInstanceOf(SourceException.class).withMessageContaining("was interrupted");
      assertThat(list.interruptedAfter).isTrue();
      assertThat(list.items).extracting(item -> item.getMetadata().getName()).containsExactly("first");
    }
  }

  @Test
  void anInformerStoppedWhileItsListWaitsForTheBodyStopsPromptlyAndWithoutAnError() throws Exception {
    try (SilentServer server = SilentServer.answering("{\"kind\":\"ConfigMapList\",\"apiVersion\":\"v1\",\"items\":[" + CONFIG_MAP + ",");
         KubernetesClient client = clientOf(server)) {
      KubernetesBackend backend = KubernetesBackend.using(client);
      SharedIndexInformer<ConfigMap> informer =
          Informers.configMaps(backend).watchList(false).build();
      informer.start();
      await().atMost(Duration.ofSeconds(60)).until(() -> informer.status().listProgress() != null
          && informer.status().listProgress().objects() == 1);

      informer.stop();

      assertThat(informer.stopped()).succeedsWithin(PROMPTLY);
      assertThat(informer.state()).isEqualTo(InformerState.STOPPED);
      assertThat(informer.status().errors()).isZero();
    }
  }

  private static KubernetesClient clientOf(SilentServer server) {
    return new KubernetesClientBuilder().withConfig(new ConfigBuilder(io.fabric8.kubernetes.client.Config.empty())
        .withMasterUrl(server.url()).withRequestRetryBackoffLimit(0).build()).build();
  }

  /** A list running on a thread of its own, which the test interrupts. */
  private static final class BlockedList {
    final List<ConfigMap> items = new CopyOnWriteArrayList<>();
    final CompletableFuture<ListPage> outcome = new CompletableFuture<>();
    final AtomicBoolean interruptedAfter = new AtomicBoolean();
    final Thread thread;

    private BlockedList(ListerWatcher<ConfigMap> source) {
      ListSink<ConfigMap> sink = items::add;
      thread = new Thread(() -> {
        try {
          outcome.complete(source.list(ListRequest.of(Selection.all(), ""), sink));
        } catch (RuntimeException e) {
          interruptedAfter.set(Thread.currentThread().isInterrupted());
          outcome.completeExceptionally(e);
        }
      }, "blocked-list");
      thread.setDaemon(true);
    }

    static BlockedList start(ListerWatcher<ConfigMap> source) {
      BlockedList list = new BlockedList(source);
      list.thread.start();
      return list;
    }
  }
}

package io.informer4j.kubernetes;

import static io.informer4j.kubernetes.TestServerFixture.WIDGETS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.informer4j.factory.InformerOptions;
import io.informer4j.factory.SharedInformerFactory;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.queue.QueueRegistry;
import io.informer4j.reader.InformersMap;
import io.informer4j.reader.MissingTypeChecks;
import io.informer4j.testkit.SimObject;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The shared informer factory on this backend: a CRD missing at startup is activated through the
 * CRD watch as soon as the CRD is created, long before the informers map's periodic check would run.
 */
class FactoryActivationTest {

  private static final Duration WAIT = Duration.ofSeconds(20);

  @Test
  void aMissingCrdIsActivatedThroughTheCrdWatch() throws Exception {
    try (TestServerFixture fixture = new TestServerFixture(); QueueRegistry queues = QueueRegistry.builder().build()) {
      InformersMap map = InformersMap.builder(fixture.backend.register(WIDGETS))
          .missingTypeChecks(MissingTypeChecks.every(Duration.ofHours(1)))
          .informerOptions(informer -> informer.backoff(Informers.FAST))
          .build();
      SharedInformerFactory factory = SharedInformerFactory.builder(map, queues).build();
      try {
        SharedIndexInformer<GenericKubernetesResource> widgets =
            factory.informerFor(fixture.backend.dynamic(WIDGETS.type()), InformerOptions.defaults());
        factory.start();
        assertThat(factory.isMissing(WIDGETS.type())).isTrue();

        fixture.server.createCustomResourceDefinition(TestServerFixture.served(WIDGETS));
        fixture.api.create(WIDGETS.type(), SimObject.of("shop", "w1").withContentAt("spec.color", "red"));

        await().atMost(WAIT).until(() -> !factory.isMissing(WIDGETS.type()));
        assertThat(factory.synced(WIDGETS.type())).succeedsWithin(WAIT);
        await().atMost(WAIT).untilAsserted(() -> assertThat(widgets.indexer().list())
            .extracting(w -> w.getMetadata().getName()).containsExactly("w1"));
      } finally {
        factory.stop(Duration.ofSeconds(10));
      }
    }
  }
}

package io.informer4j.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.source.WatchEvent;
import io.informer4j.testing.InformerFixture;
import io.informer4j.testing.Item;
import io.informer4j.testing.RecordingHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class InformerMetricsTest {

  @Test
  void publishesStateCountersAndHandlerGauges() throws Exception {
    try (InformerFixture fixture = new InformerFixture()) {
      fixture.source.put(Item.of("ns", "a", "1"));
      SharedIndexInformer<Item> informer = fixture.builder().build();
      RecordingHandler handler = new RecordingHandler();
      informer.addEventHandler(handler, HandlerOptions.named("recorder"));
      SimpleMeterRegistry registry = new SimpleMeterRegistry();
      new InformerMetrics(informer).bindTo(registry);
      informer.start();
      await().until(() -> fixture.source.watches().size() == 1);
      fixture.source.lastWatch().send(WatchEvent.added(Item.of("ns", "b", "2")));
      await().until(() -> handler.size() == 2);

      assertThat(registry.get("informer4j_informer_cache_size").tag("informer", "items").gauge().value()).isEqualTo(2);
      assertThat(registry.get("informer4j_informer_list_progress_objects").tag("informer", "items").gauge().value()).isZero();
      assertThat(registry.get("informer4j_informer_events_total").functionCounter().count()).isEqualTo(1);
      assertThat(registry.get("informer4j_informer_lists_total").functionCounter().count()).isEqualTo(1);
      assertThat(registry.get("informer4j_informer_synced").gauge().value()).isEqualTo(1);
      assertThat(registry.get("informer4j_informer_state").tag("state", "WATCHING").gauge().value()).isEqualTo(1);
      assertThat(registry.get("informer4j_informer_state").tag("state", "BACKOFF").gauge().value()).isZero();
      assertThat(registry.get("informer4j_handler_pending").tag("handler", "recorder").gauge().value()).isZero();
      informer.stop(Duration.ofSeconds(5));
    }
  }
}

package io.informer4j.etcd.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.SourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchListener;
import io.informer4j.testkit.RecordingWatchListener;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SerialDeliveryTest {

  @Test
  void heldCallsWaitBehindTheInitialEventsAndNothingFollowsTheClose() {
    RecordingWatchListener<String> listener = new RecordingWatchListener<>();
    SerialDelivery<String> delivery = new SerialDelivery<>(listener, "test", true);

    delivery.event(WatchEvent.added("later"));
    delivery.deliverHeld(WatchEvent.added("initial"));
    delivery.malformedHeld(new MalformedObjectException("bad", null));
    assertThat(listener.events()).extracting(WatchEvent::object).containsExactly("initial");
    delivery.close(null);
    delivery.event(WatchEvent.added("after-close"));
    delivery.deliverHeld(WatchEvent.added("initial-after-the-end"));
    assertThat(delivery.isOver()).isTrue();
    delivery.release();

    assertThat(listener.events()).extracting(WatchEvent::object).containsExactly("initial", "later");
    assertThat(listener.malformed()).hasSize(1);
    assertThat(listener.closed()).isCompletedWithValue(null);
    assertThat(listener.contractViolations()).isEmpty();
  }

  @Test
  void aFailureWhileHeldDropsWhatWaitedAndCloses() {
    RecordingWatchListener<String> listener = new RecordingWatchListener<>();
    SerialDelivery<String> delivery = new SerialDelivery<>(listener, "test", true);
    delivery.event(WatchEvent.added("queued"));
    SourceException failure = new SourceException("boom");

    delivery.failHeld(failure);
    delivery.event(WatchEvent.added("late"));

    assertThat(listener.events()).isEmpty();
    assertThat(listener.closed()).isCompletedWithValue(failure);
  }

  @Test
  void cancellingDeliversNothingMoreAndAThrowingListenerDoesNotStopDelivery() {
    List<String> seen = new ArrayList<>();
    WatchListener<String> throwing = new WatchListener<>() {
      @Override
      public void onEvent(WatchEvent<String> event) {
        seen.add(event.object());
        throw new IllegalStateException("listener bug");
      }

      @Override
      public void onClose(SourceException error) {
        seen.add("closed");
      }
    };
    SerialDelivery<String> delivery = new SerialDelivery<>(throwing, "test", false);

    delivery.event(WatchEvent.added("a"));
    delivery.event(WatchEvent.added("b"));
    delivery.cancel();
    delivery.event(WatchEvent.added("c"));
    delivery.close(null);

    assertThat(seen).containsExactly("a", "b");
    assertThat(delivery.isOver()).isTrue();
  }
}

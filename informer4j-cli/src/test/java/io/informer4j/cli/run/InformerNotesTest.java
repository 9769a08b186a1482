package io.informer4j.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.informer.InformerState;
import io.informer4j.informer.InformerStatus;
import io.informer4j.informer.ListProgress;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class InformerNotesTest {

  private static final Instant NOW = Instant.parse("2026-01-01T00:00:10Z");

  @Test
  void aListInProgressShowsObjectsSoFarAndRate() {
    InformerStatus listing = status(InformerState.LISTING, 0, null, new ListProgress(20_000, NOW.minusSeconds(4)));

    assertThat(InformerNotes.of(listing, NOW)).isEqualTo("listing: 20,000 objects in 4.0 s (5,000/s)");
  }

  @Test
  void aFailingSourceShowsItsLastErrorOnOneShortLine() {
    InformerStatus failing = status(InformerState.BACKOFF, 3, "connection refused\nto 127.0.0.1:1 " + "x".repeat(200), null);

    assertThat(InformerNotes.of(failing, NOW)).startsWith("failing (3x): connection refused to 127.0.0.1:1 xxx")
        .hasSize("failing (3x): ".length() + 100);
  }

  @Test
  void unreadableObjectsAreCountedAndPointToTheLog() {
    InformerStatus status = status(InformerState.WATCHING, 0, null, null);
    InformerStatus skipping = new InformerStatus(status.name(), status.state(), status.stateSince(), true, 0, "1", null,
        null, 0, null, null, 1, 0, 1, 0, 0, 2, 0, 0, java.util.List.of(), 0, 0, java.time.Duration.ZERO, 0,
        java.util.List.of(), 0, null);

    assertThat(InformerNotes.of(skipping, NOW)).isEqualTo("2 unreadable object(s) skipped, see the log");
  }

  @Test
  void aWatchingInformerHasNothingToSay() {
    assertThat(InformerNotes.of(status(InformerState.WATCHING, 0, null, null), NOW)).isEmpty();
  }

  private static InformerStatus status(InformerState state, int failures, String lastError, ListProgress progress) {
    return new InformerStatus("Pod", state, NOW, progress == null, 0, "1", null, null, failures,
        failures == 0 ? null : NOW, lastError, 1, 0, 1, 0, failures, 0, 0, 0, java.util.List.of(), 0, 0,
        java.time.Duration.ZERO, 0, java.util.List.of(), 0, progress);
  }
}

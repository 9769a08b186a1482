package io.informer4j.cli.run;

import io.informer4j.cli.Redaction;
import io.informer4j.cli.dashboard.ListProgressText;
import io.informer4j.informer.InformerStatus;
import java.time.Instant;

/**
 * The note the dashboard shows beside an informer, from its status: the progress of a list in
 * progress (objects so far and rate), and what is wrong while its list/watch keeps failing. Pure;
 * thread-safe.
 */
final class InformerNotes {

  private static final int MAX_ERROR_LENGTH = 100;

  private InformerNotes() {
  }

  /** Returns the note for {@code status} as of {@code now}; empty when there is nothing to say. */
  static String of(InformerStatus status, Instant now) {
    String progress = status.listProgress() == null ? "" : ListProgressText.describe(status.listProgress(), now);
    if (status.consecutiveFailures() == 0 || status.lastError() == null) {
      return progress;
    }
    // credentials hidden before the message is cut short, which could leave part of one unrecognisable
    String error = Redaction.redact(status.lastError()).replaceAll("\\s+", " ");
    if (error.length() > MAX_ERROR_LENGTH) {
      error = error.substring(0, MAX_ERROR_LENGTH - 1) + "…";
    }
    String failing = "failing (" + status.consecutiveFailures() + "x): " + error;
    return progress.isEmpty() ? failing : progress + "; " + failing;
  }
}

package io.informer4j.cli.run;

import io.informer4j.cli.dashboard.ListProgressText;
import io.informer4j.informer.InformerStatus;
import io.informer4j.source.Redaction;
import java.time.Instant;

/**
 * The note the dashboard shows beside an informer, from its status: the progress of a list in
 * progress (objects so far and rate), the objects it could not read (each skipped and logged), and
 * what is wrong while its list/watch keeps failing. Pure; thread-safe.
 */
final class InformerNotes {

  private static final int MAX_ERROR_LENGTH = 100;

  private InformerNotes() {
  }

  /** Returns the note for {@code status} as of {@code now}; empty when there is nothing to say. */
  static String of(InformerStatus status, Instant now) {
    String progress = status.listProgress() == null ? "" : ListProgressText.describe(status.listProgress(), now);
    if (status.malformed() > 0) {
      progress = join(progress, status.malformed() + " unreadable object(s) skipped, see the log");
    }
    if (status.consecutiveFailures() == 0 || status.lastError() == null) {
      return progress;
    }
    // credentials hidden before the message is cut short, which could leave part of one unrecognisable
    String error = Redaction.redact(status.lastError()).replaceAll("\\s+", " ");
    if (error.length() > MAX_ERROR_LENGTH) {
      error = error.substring(0, MAX_ERROR_LENGTH - 1) + "…";
    }
    return join(progress, "failing (" + status.consecutiveFailures() + "x): " + error);
  }

  private static String join(String first, String second) {
    return first.isEmpty() ? second : first + "; " + second;
  }
}

package io.informer4j.cli.run;

import io.informer4j.informer.InformerStatus;

/**
 * The note the dashboard shows beside an informer, from its status: what is wrong while its
 * list/watch keeps failing. Pure; thread-safe.
 */
final class InformerNotes {

  private static final int MAX_ERROR_LENGTH = 100;

  private InformerNotes() {
  }

  /** Returns the note for {@code status}; empty when there is nothing to say. */
  static String of(InformerStatus status) {
    if (status.consecutiveFailures() > 0 && status.lastError() != null) {
      String error = status.lastError().replaceAll("\\s+", " ");
      if (error.length() > MAX_ERROR_LENGTH) {
        error = error.substring(0, MAX_ERROR_LENGTH - 1) + "…";
      }
      return "failing (" + status.consecutiveFailures() + "x): " + error;
    }
    return "";
  }
}

package io.informer4j.kubernetes.testserver;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * Ages as the API server's Table answers show them: a timestamp's distance from now in the form of
 * k8s.io/apimachinery/pkg/util/duration {@code HumanDuration} ({@code 45s}, {@code 3m12s}, {@code 5h4m},
 * {@code 3d4h}, {@code 2y30d}), {@code <unknown>} for no timestamp (printers.go {@code translateTimestampSince},
 * k8s.io/apiserver pkg/api/meta/table {@code ConvertToHumanReadableDateType}) and {@code <invalid>} for one
 * that does not parse as RFC 3339 (the CRD table convertor's {@code cellForJSONValue}). Stateless.
 */
final class Ages {

  private Ages() {
  }

  /** Returns the age at {@code now} of an RFC 3339 timestamp; null or empty is {@code <unknown>}. */
  static String since(String timestamp, Instant now) {
    if (timestamp == null || timestamp.isEmpty()) {
      return "<unknown>";
    }
    try {
      return human(Duration.between(Instant.parse(timestamp), now));
    } catch (DateTimeParseException e) {
      return "<invalid>";
    }
  }

  /**
   * Returns the human duration from {@code start} to {@code end}, or to {@code now} when {@code end}
   * is null (a Job's Duration); {@code <invalid>} when a timestamp does not parse.
   */
  static String between(String start, String end, Instant now) {
    try {
      return human(Duration.between(Instant.parse(start), end == null ? now : Instant.parse(end)));
    } catch (DateTimeParseException e) {
      return "<invalid>";
    }
  }

  /** Returns {@code HumanDuration(d)}: two units at most, coarser the longer the duration. */
  static String human(Duration d) {
    long seconds = d.getSeconds();
    if (seconds < -1) {
      return "<invalid>";
    } else if (seconds < 0) {
      return "0s";
    } else if (seconds < 60 * 2) {
      return seconds + "s";
    }
    long minutes = seconds / 60;
    if (minutes < 10) {
      return pair(minutes, "m", seconds % 60, "s");
    } else if (minutes < 60 * 3) {
      return minutes + "m";
    }
    long hours = minutes / 60;
    if (hours < 8) {
      return pair(hours, "h", minutes % 60, "m");
    } else if (hours < 48) {
      return hours + "h";
    } else if (hours < 24 * 8) {
      return pair(hours / 24, "d", hours % 24, "h");
    } else if (hours < 24 * 365 * 2) {
      return hours / 24 + "d";
    } else if (hours < 24 * 365 * 8) {
      return pair(hours / 24 / 365, "y", (hours / 24) % 365, "d");
    }
    return hours / 24 / 365 + "y";
  }

  private static String pair(long major, String majorUnit, long minor, String minorUnit) {
    return minor == 0 ? major + majorUnit : major + majorUnit + minor + minorUnit;
  }
}

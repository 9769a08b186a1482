package io.informer4j.kubernetes.internal;

import java.time.Duration;
import tools.jackson.databind.JsonNode;

/**
 * The parts of a Kubernetes {@code Status} object (an error body, or the object of an ERROR watch
 * event) that decide how a failure is classified.
 *
 * @param code              the status code the server put in the body, 0 when absent
 * @param reason            the machine-readable reason ({@code Expired}, {@code Gone},
 *                          {@code Timeout}, …), {@code ""} when absent
 * @param message           the human-readable message, {@code ""} when absent
 * @param retryAfterSeconds {@code details.retryAfterSeconds}, 0 when absent
 * @param causeReasons      the reasons of {@code details.causes}, joined by commas, {@code ""} when none
 */
public record ApiStatus(int code, String reason, String message, int retryAfterSeconds, String causeReasons) {

  /** A status that says nothing (the body was missing or not a Status). */
  public static final ApiStatus EMPTY = new ApiStatus(0, "", "", 0, "");

  /** Reads a Status from a parsed JSON tree; anything missing is left empty. */
  public static ApiStatus from(JsonNode node) {
    if (node == null || !node.isObject()) {
      return EMPTY;
    }
    JsonNode details = node.path("details");
    StringBuilder causes = new StringBuilder();
    for (JsonNode cause : details.path("causes")) {
      if (!causes.isEmpty()) {
        causes.append(',');
      }
      causes.append(cause.path("reason").asString(""));
    }
    return new ApiStatus(node.path("code").asInt(0), node.path("reason").asString(""), node.path("message").asString(""),
        details.path("retryAfterSeconds").asInt(0), causes.toString());
  }

  /** Returns {@code details.retryAfterSeconds} as a duration, or null when absent. */
  public Duration retryAfter() {
    return retryAfterSeconds > 0 ? Duration.ofSeconds(retryAfterSeconds) : null;
  }
}

package io.informer4j.kubernetes;

import io.informer4j.kubernetes.internal.ApiConnection;
import io.informer4j.source.ResourceVersionOrder;
import io.informer4j.source.SourceException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a Kubernetes API server's resourceVersions compare as integers: guaranteed from
 * Kubernetes 1.35 on (KEP-5504, "Comparable Resource Version", stable in 1.35), so
 * {@link ResourceVersionOrder#NUMERIC} for a server whose {@code /version} says 1.35 or later, and
 * {@link ResourceVersionOrder#OPAQUE} (compared for equality only) before, for a version that does
 * not parse, or when {@code /version} cannot be read (logged). Asked once, on first use, in one
 * request without fabric8's retries (bounded by the request timeout), so an unreachable server costs
 * one failed attempt, not fabric8's ten retries with backoff (about 19 s by default), before a
 * manager's start can report it. Thread-safe.
 */
final class ResourceVersionGuarantee {

  private static final Logger log = LoggerFactory.getLogger(ResourceVersionGuarantee.class);
  private static final int FIRST_MINOR = 35;
  private static final Pattern DIGITS = Pattern.compile("^(\\d+)");

  private final ApiConnection connection;
  private final String server;
  private volatile ResourceVersionOrder order;

  /**
   * @param connection the server's connection (fabric8's retries off)
   * @param server     the server's description for logs, without secrets
   */
  ResourceVersionGuarantee(ApiConnection connection, String server) {
    this.connection = connection;
    this.server = server;
  }

  /** Returns the order of the server's resourceVersions (reads {@code /version} the first time). */
  ResourceVersionOrder order() {
    ResourceVersionOrder known = order;
    if (known == null) {
      known = read();
      order = known;
    }
    return known;
  }

  private ResourceVersionOrder read() {
    try {
      JsonNode version = connection.getJson("version", "the server's version (/version)");
      String major = version.path("major").asString("");
      String minor = version.path("minor").asString("");
      ResourceVersionOrder read = of(major, minor);
      log.debug("Kubernetes {}.{} at {}: resourceVersions are {}", major, minor, server, read);
      return read;
    } catch (SourceException e) {
      log.warn("the version of the Kubernetes API server at {} could not be read ({}): its resourceVersions are "
          + "compared for equality only", server, e.getMessage());
      return ResourceVersionOrder.OPAQUE;
    }
  }

  /** Returns the order a server of {@code major.minor} guarantees ({@code "35+"} reads as 35). */
  static ResourceVersionOrder of(String major, String minor) {
    Integer majorNumber = leadingNumber(major);
    Integer minorNumber = leadingNumber(minor);
    if (majorNumber == null || minorNumber == null) {
      return ResourceVersionOrder.OPAQUE;
    }
    return majorNumber > 1 || majorNumber == 1 && minorNumber >= FIRST_MINOR
        ? ResourceVersionOrder.NUMERIC : ResourceVersionOrder.OPAQUE;
  }

  private static Integer leadingNumber(String text) {
    Matcher digits = DIGITS.matcher(text == null ? "" : text);
    return digits.find() ? Integer.valueOf(digits.group(1)) : null;
  }
}

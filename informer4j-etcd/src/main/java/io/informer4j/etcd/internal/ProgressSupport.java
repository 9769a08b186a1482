package io.informer4j.etcd.internal;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.cluster.Member;
import io.informer4j.etcd.ProgressRequests;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides whether watches may request progress notifications, by {@link ProgressRequests} mode; in
 * WHEN_SAFE mode it asks every member for its version once (a failed probe is retried on the next
 * watch, meanwhile no requests are made). Thread-safe.
 */
public final class ProgressSupport {

  private static final Logger log = LoggerFactory.getLogger(ProgressSupport.class);

  private final Client client;
  private final ProgressRequests mode;
  private final Duration timeout;
  private volatile Boolean safe;

  /** Probes through {@code client}, each call taking at most {@code timeout}. */
  public ProgressSupport(Client client, ProgressRequests mode, Duration timeout) {
    this.client = client;
    this.mode = mode;
    this.timeout = timeout;
  }

  /** Returns whether progress may be requested; may block for the one-time probe. */
  public boolean requestsAllowed() {
    return switch (mode) {
      case ALWAYS -> true;
      case NEVER -> false;
      case WHEN_SAFE -> safe != null ? safe : probe();
    };
  }

  private synchronized boolean probe() {
    if (safe != null) {
      return safe;
    }
    try {
      List<Member> members = client.getClusterClient().listMember().get(timeout.toNanos(), TimeUnit.NANOSECONDS).getMembers();
      boolean allSafe = !members.isEmpty();
      for (Member member : members) {
        List<URI> urls = member.getClientURIs();
        if (urls.isEmpty()) {
          allSafe = false;
          continue;
        }
        String version = client.getMaintenanceClient().statusMember(urls.get(0).toString())
            .get(timeout.toNanos(), TimeUnit.NANOSECONDS).getVersion();
        boolean ordered = ordersProgressReplies(version);
        allSafe &= ordered;
        log.info("etcd member {} runs {}: progress requests {}", urls.get(0), version, ordered ? "are ordered" : "may run ahead of events");
      }
      safe = allSafe;
      return allSafe;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (Exception e) {
      log.info("could not read the etcd members' versions ({}); not requesting watch progress for now", e.toString());
      return false;
    }
  }

  /**
   * Returns true for etcd versions whose answers to progress requests are ordered after pending
   * events: 3.4.31+, 3.5.13+, 3.6 and later.
   */
  public static boolean ordersProgressReplies(String version) {
    String[] parts = version == null ? new String[0] : version.split("[.-]");
    if (parts.length < 3) {
      return false;
    }
    try {
      int major = Integer.parseInt(parts[0]);
      int minor = Integer.parseInt(parts[1]);
      int patch = Integer.parseInt(parts[2]);
      if (major != 3) {
        return major > 3;
      }
      return minor > 5 || (minor == 5 && patch >= 13) || (minor == 4 && patch >= 31);
    } catch (NumberFormatException e) {
      return false;
    }
  }
}

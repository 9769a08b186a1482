package io.informer4j.spring;

import io.informer4j.coordination.LeaseTiming;
import java.util.UUID;

/** Reads {@code informer4j.leader-election.*} for either backend's election. Stateless. */
final class LeaderElectionSettings {

  private LeaderElectionSettings() {
  }

  /** Returns the election's name; throws IllegalArgumentException if it is unset. */
  static String name(Informer4jProperties.LeaderElectionProperties election) {
    if (election.getName() == null || election.getName().isBlank()) {
      throw new IllegalArgumentException("informer4j.leader-election.name is needed when leader election is enabled");
    }
    return election.getName();
  }

  /** Returns the identity: the property, else the HOSTNAME environment variable (a pod's name), else a random one. */
  static String identity(Informer4jProperties.LeaderElectionProperties election) {
    if (election.getIdentity() != null && !election.getIdentity().isBlank()) {
      return election.getIdentity();
    }
    String host = System.getenv("HOSTNAME");
    return host != null && !host.isBlank() ? host : UUID.randomUUID().toString();
  }

  /** Returns the lease timing; throws {@link io.informer4j.coordination.CoordinationSettingsException} as {@link LeaseTiming} does. */
  static LeaseTiming timing(Informer4jProperties.LeaderElectionProperties election) {
    return new LeaseTiming(election.getLeaseDuration(), election.getRenewDeadline(), election.getRetryPeriod());
  }
}

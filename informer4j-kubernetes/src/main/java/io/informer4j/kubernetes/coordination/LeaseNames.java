package io.informer4j.kubernetes.coordination;

import io.informer4j.coordination.CoordinationSettingsException;
import io.informer4j.coordination.LeaseTiming;
import java.util.regex.Pattern;

/**
 * Names, labels and checks of the Lease objects informer4j writes. Kubernetes object names are DNS
 * subdomains, so a group name or identity must be lower-case alphanumerics, {@code -} and {@code .},
 * and Lease durations are whole seconds. Stateless.
 */
final class LeaseNames {

  /** Label naming the shard group a Lease belongs to. */
  static final String GROUP_LABEL = "informer4j.io/shard-group";
  /** Label saying whether a Lease is a {@code member} or a {@code shard} lease. */
  static final String ROLE_LABEL = "informer4j.io/lease-role";
  /** Label holding a shard lease's shard number. */
  static final String SHARD_LABEL = "informer4j.io/shard";

  private static final Pattern NAME = Pattern.compile("[a-z0-9]([-a-z0-9.]{0,200}[a-z0-9])?");

  private LeaseNames() {
  }

  /**
   * Checks that {@code value} can be part of a Lease name.
   *
   * @throws CoordinationSettingsException when it cannot
   */
  static String requireName(String value, String what) {
    if (value == null || !NAME.matcher(value).matches()) {
      throw new CoordinationSettingsException("the " + what + " '" + value + "' cannot name a Lease: use lower-case "
          + "letters, digits, '-' and '.', starting and ending with a letter or digit");
    }
    return value;
  }

  /**
   * Checks that a lease timing is in whole seconds (a Lease stores {@code leaseDurationSeconds}).
   *
   * @throws CoordinationSettingsException when the lease duration is not a whole number of seconds
   */
  static LeaseTiming requireWholeSeconds(LeaseTiming timing) {
    if (timing.leaseDuration().toMillis() % 1000 != 0) {
      throw new CoordinationSettingsException("a Kubernetes Lease stores whole seconds; the lease duration "
          + timing.leaseDuration() + " is not");
    }
    return timing;
  }

  static String member(String group, String identity) {
    return group + "-member-" + identity;
  }

  static String shard(String group, int shard) {
    return group + "-shard-" + shard;
  }
}

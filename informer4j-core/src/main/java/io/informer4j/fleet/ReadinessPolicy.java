package io.informer4j.fleet;

/** When a fleet counts as ready, each engaged cluster being a component of its own. */
public enum ReadinessPolicy {
  /** Every engaged cluster is ready (true with none engaged: nothing to wait for). */
  ALL,
  /** More than half of the engaged clusters are ready (false with none engaged). */
  QUORUM,
  /** At least one engaged cluster is ready. */
  ANY;

  /** Returns whether {@code ready} ready clusters out of {@code engaged} satisfy this policy. */
  public boolean isMet(int ready, int engaged) {
    return switch (this) {
      case ALL -> ready == engaged;
      case QUORUM -> 2 * ready > engaged;
      case ANY -> ready > 0;
    };
  }
}

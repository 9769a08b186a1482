package io.informer4j.coordination;

/**
 * Told about leadership changes of one election. Called on the backend's or a worker's thread right
 * after the change; must be quick and must not throw (a throwing listener is logged and ignored).
 */
public interface LeadershipListener {

  /** This replica now leads. */
  default void startedLeading() {
  }

  /** This replica no longer leads (lease lost, not renewed within the renew deadline, or released). */
  default void stoppedLeading() {
  }

  /** The election's leader is now {@code identity} (this replica or another), as last observed. */
  default void newLeader(String identity) {
  }
}

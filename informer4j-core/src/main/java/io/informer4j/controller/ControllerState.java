package io.informer4j.controller;

/** The lifecycle of a {@link Controller}. */
public enum ControllerState {
  /** Built, not started. */
  NEW,
  /** {@link Controller#start()} is waiting for the sync signals. */
  SYNCING,
  /** Workers are running. */
  RUNNING,
  /** {@link Controller#stop()} is draining in-flight reconciles. */
  STOPPING,
  /** Stopped; no worker thread is left unless {@link Controller#stop()} reported otherwise. */
  STOPPED,
  /** Start failed (a sync signal failed or timed out); see {@link Controller#failure()}. Terminal. */
  FAILED
}

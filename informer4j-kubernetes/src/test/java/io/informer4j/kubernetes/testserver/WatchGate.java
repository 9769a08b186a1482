package io.informer4j.kubernetes.testserver;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Holds the events of every open watch and releases them together: while held, events are encoded
 * and kept per watch, so a benchmark can measure how fast a client takes a burst of events without
 * measuring how fast the server makes them. Watches opened while held are held too; a watch is
 * forgotten once its connection is closed. Thread-safe; takes its lock before a channel's.
 */
final class WatchGate {

  private final Set<WatchChannel> open = new LinkedHashSet<>();
  private boolean holding;

  synchronized void register(WatchChannel channel) {
    open.add(channel);
    if (holding) {
      channel.hold();
    }
  }

  synchronized void unregister(WatchChannel channel) {
    open.remove(channel);
  }

  /** Holds every open watch's events from now on. */
  synchronized void hold() {
    holding = true;
    open.forEach(WatchChannel::hold);
  }

  /** Writes every held event and lets events through again. */
  synchronized void release() {
    holding = false;
    open.forEach(WatchChannel::release);
  }
}

package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.TypeKey;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Holds the events of every open watch and releases them together: while held, events are encoded
 * and kept per watch, so a benchmark can measure how fast a client takes a burst of events without
 * measuring how fast the server makes them. Watches opened while held are held too; a watch is
 * forgotten once its connection is closed; the gate knows the open ones, by type. Thread-safe; takes
 * its lock before a channel's.
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

  /** Returns the channels of the open watches of {@code type}. */
  synchronized List<WatchChannel> open(TypeKey type) {
    return open.stream().filter(channel -> channel.type().equals(type)).toList();
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

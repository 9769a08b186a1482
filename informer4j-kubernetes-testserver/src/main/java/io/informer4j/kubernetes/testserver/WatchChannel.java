package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.TypeKey;
import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.ServerWebSocket;
import java.util.ArrayList;
import java.util.List;

/**
 * Where one watch's encoded events go: a chunked response (one JSON event per line) or a WebSocket
 * (one event per text message); raw bytes sent as an {@link EventJson#raw} are written in their
 * place as they are (a chunked response gets no line feed after them, a WebSocket one message). Events are kept, in order, while no transport is attached yet (an
 * upgrade completes asynchronously) and while the {@link WatchGate} holds them. Writes are combined
 * as an API server's buffered writer does: events sent while a write is pending join it, and one task
 * on the connection's event loop writes them all (a chunked response in buffers of up to
 * {@value #BATCH_BYTES} bytes), then the end of the watch if it ended. Thread-safe; the
 * {@link WatchGate}'s lock is taken before a channel's, never while holding one.
 */
final class WatchChannel {

  private static final int BATCH_BYTES = 256 * 1024;

  private final WatchGate gate;
  private final TypeKey type;
  private final Context context;
  private List<EventJson> held = new ArrayList<>();
  private List<EventJson> pending = new ArrayList<>();
  private HttpServerResponse response;
  private ServerWebSocket socket;
  private boolean holding;
  private boolean flushScheduled;
  private Boolean endedCleanly;
  private boolean closeScheduled;
  private boolean closing;
  private boolean disconnected;

  /**
   * A channel of a watch of {@code type}, writing on {@code context} (the connection's event loop),
   * whose events {@code gate} can hold; registered with the gate until the watch ends.
   */
  WatchChannel(WatchGate gate, TypeKey type, Context context) {
    this.gate = gate;
    this.type = type;
    this.context = context;
    gate.register(this);
  }

  /** Returns the type the watch is of. */
  TypeKey type() {
    return type;
  }

  /** Streams to a chunked response from now on (held events first, unless the gate holds them). */
  synchronized void attach(HttpServerResponse target) {
    response = target;
    flushHeld();
  }

  /** Streams to a WebSocket from now on (held events first, unless the gate holds them). */
  synchronized void attach(ServerWebSocket target) {
    socket = target;
    flushHeld();
  }

  /** Keeps every event from now on until {@link #release()}. */
  synchronized void hold() {
    holding = true;
  }

  /** Lets the held events and new ones through; a watch that ended while held is then closed. */
  synchronized void release() {
    holding = false;
    flushHeld();
  }

  private void flushHeld() {
    if (!canWrite()) {
      return;
    }
    pending.addAll(held);
    held = new ArrayList<>();
    if (endedCleanly != null && !closing) {
      closeScheduled = true;
    }
    scheduleFlush();
  }

  synchronized void send(EventJson event) {
    if (endedCleanly != null || disconnected) {
      return;
    }
    if (canWrite()) {
      pending.add(event);
      scheduleFlush();
    } else {
      held.add(event);
    }
  }

  /** Ends the watch cleanly, after the events before it. */
  synchronized void end() {
    finish(true);
  }

  /** Breaks the watch's connection, after the events before it. */
  synchronized void drop() {
    finish(false);
  }

  /** The client closed the connection: nothing more is written or kept, the gate forgets the channel. */
  void disconnected() {
    synchronized (this) {
      disconnected = true;
      pending.clear();
      held.clear();
    }
    gate.unregister(this);
  }

  private void finish(boolean clean) {
    if (endedCleanly != null) {
      return;
    }
    endedCleanly = clean;
    if (canWrite()) {
      closeScheduled = true;
      scheduleFlush();
    }
  }

  private boolean canWrite() {
    return (response != null || socket != null) && !holding && !disconnected;
  }

  private void scheduleFlush() {
    if (!flushScheduled) {
      flushScheduled = true;
      context.runOnContext(ignored -> flush());
    }
  }

  /** Runs on the connection's event loop: writes what is pending, then closes if the watch ended. */
  private void flush() {
    List<EventJson> events;
    boolean close;
    boolean clean;
    synchronized (this) {
      if (disconnected) {
        flushScheduled = false;
        return;
      }
      events = pending;
      pending = new ArrayList<>();
      flushScheduled = false;
      close = closeScheduled;
      closing |= closeScheduled;
      closeScheduled = false;
      clean = Boolean.TRUE.equals(endedCleanly);
    }
    if (socket != null) {
      events.forEach(event -> socket.writeTextMessage(event.text()));
    } else {
      writeInBatches(events);
    }
    if (close) {
      close(clean);
      gate.unregister(this);
    }
  }

  private void writeInBatches(List<EventJson> events) {
    Buffer batch = Buffer.buffer(Math.min(BATCH_BYTES, 64 * events.size() + 64));
    for (EventJson event : events) {
      if (batch.length() > 0 && batch.length() + event.length() + 1 > BATCH_BYTES) {
        response.write(batch);
        batch = Buffer.buffer(BATCH_BYTES);
      }
      event.appendTo(batch);
      if (event.endsLine()) {
        batch.appendByte((byte) '\n');
      }
    }
    if (batch.length() > 0) {
      response.write(batch);
    }
  }

  private void close(boolean clean) {
    if (socket != null) {
      socket.close(clean ? (short) 1000 : (short) 1011, clean ? null : "watch broken");
    } else if (clean) {
      response.end();
    } else {
      response.reset();
    }
  }
}

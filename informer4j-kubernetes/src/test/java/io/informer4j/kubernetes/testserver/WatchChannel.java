package io.informer4j.kubernetes.testserver;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.ServerWebSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Where one watch's encoded events go: a chunked response (one JSON event per line) or a WebSocket
 * (one event per text message). Events are kept, in order, while no transport is attached yet (an
 * upgrade completes asynchronously) and while the {@link WatchGate} holds them; held events of a
 * chunked response are written in buffers of up to {@value #BATCH_BYTES} bytes. Thread-safe; the
 * {@link WatchGate}'s lock is taken before a channel's, never while holding one.
 */
final class WatchChannel {

  private static final int BATCH_BYTES = 256 * 1024;

  private final List<byte[]> held = new ArrayList<>();
  private final WatchGate gate;
  private HttpServerResponse response;
  private ServerWebSocket socket;
  private boolean holding;
  private Boolean endedCleanly;

  /** A channel whose events {@code gate} can hold; registered with it until the watch ends. */
  WatchChannel(WatchGate gate) {
    this.gate = gate;
    gate.register(this);
  }

  /** Streams to a chunked response from now on (held events first). */
  void attach(HttpServerResponse target) {
    if (attachLocked(target, null)) {
      gate.unregister(this);
    }
  }

  /** Streams to a WebSocket from now on (held events first). */
  void attach(ServerWebSocket target) {
    if (attachLocked(null, target)) {
      gate.unregister(this);
    }
  }

  private synchronized boolean attachLocked(HttpServerResponse targetResponse, ServerWebSocket targetSocket) {
    response = targetResponse;
    socket = targetSocket;
    return flushHeld();
  }

  /** Keeps every event from now on until {@link #release()}. */
  synchronized void hold() {
    holding = true;
  }

  /**
   * Writes the held events and lets new ones through; returns true when that also ended the watch
   * (it ended while held), so the gate can forget it.
   */
  synchronized boolean release() {
    holding = false;
    return flushHeld();
  }

  synchronized void send(byte[] event) {
    if (endedCleanly != null) {
      return;
    }
    if (canWrite()) {
      write(event);
    } else {
      held.add(event);
    }
  }

  /** Ends the watch cleanly, once the events before it are written. */
  void end() {
    if (finish(true)) {
      gate.unregister(this);
    }
  }

  /** Breaks the watch's connection, once the events before it are written. */
  void drop() {
    if (finish(false)) {
      gate.unregister(this);
    }
  }

  /** The client closed the connection: nothing more can be written, the gate forgets the channel. */
  void disconnected() {
    gate.unregister(this);
  }

  private boolean canWrite() {
    return (response != null || socket != null) && !holding;
  }

  /** Writes the held events if it can; returns true when it also closed the ended watch. */
  private boolean flushHeld() {
    if (!canWrite()) {
      return false;
    }
    if (socket != null) {
      held.forEach(this::write);
    } else {
      writeInBatches();
    }
    held.clear();
    if (endedCleanly != null) {
      close(endedCleanly);
      return true;
    }
    return false;
  }

  private void writeInBatches() {
    Buffer batch = Buffer.buffer(BATCH_BYTES);
    for (byte[] event : held) {
      if (batch.length() > 0 && batch.length() + event.length + 1 > BATCH_BYTES) {
        response.write(batch);
        batch = Buffer.buffer(BATCH_BYTES);
      }
      batch.appendBytes(event).appendByte((byte) '\n');
    }
    if (batch.length() > 0) {
      response.write(batch);
    }
  }

  /** Marks the watch ended; returns true when it was closed now (nothing held, a transport attached). */
  private synchronized boolean finish(boolean clean) {
    if (endedCleanly != null) {
      return false;
    }
    endedCleanly = clean;
    if (canWrite()) {
      close(clean);
      return true;
    }
    return false;
  }

  private void write(byte[] event) {
    if (socket != null) {
      socket.writeTextMessage(new String(event, StandardCharsets.UTF_8));
    } else {
      response.write(Buffer.buffer(event.length + 1).appendBytes(event).appendByte((byte) '\n'));
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

package io.informer4j.testkit.chaos;

import java.io.IOException;
import java.net.SocketException;

/**
 * Writes one response body to the client, chunked or as it is, and ends it early where a
 * {@link FaultPlan.ResponseCut} says: after that many body bytes the connection is reset, or a
 * chunked body is ended properly and the connection closed. Not thread-safe.
 */
final class BodySink {

  private final Downlink downlink;
  private final boolean chunked;
  private final FaultPlan.ResponseCut cut;
  private final Runnable closeConnection;
  private long left;

  BodySink(Downlink downlink, boolean chunked, FaultPlan.ResponseCut cut, Runnable closeConnection) {
    this.downlink = downlink;
    this.chunked = chunked;
    this.cut = cut;
    this.closeConnection = closeConnection;
    this.left = cut == null ? Long.MAX_VALUE : cut.afterBytes();
    if (chunked) {
      downlink.beginChunkedBody();
    }
  }

  /**
   * Writes body bytes (one chunk when chunked).
   *
   * @throws SocketException once the body was cut here; the connection is closed then
   */
  void write(byte[] bytes, int offset, int length) throws IOException {
    int allowed = (int) Math.min(length, left);
    if (chunked) {
      downlink.writeChunk(bytes, offset, allowed);
    } else if (allowed > 0) {
      downlink.write(bytes, offset, allowed);
    }
    left -= allowed;
    if (allowed < length || cut != null && left == 0) {
      endEarly();
    }
  }

  /** Ends the body: the last chunk of a chunked body; nothing otherwise. */
  void end() throws IOException {
    if (chunked) {
      downlink.endChunkedBody();
    }
  }

  private void endEarly() throws IOException {
    if (chunked && cut.how() == Truncation.CLEAN_END) {
      downlink.endChunkedBody();
    }
    closeConnection.run();
    throw new SocketException("the proxy ended a response body after " + cut.afterBytes() + " bytes (" + cut.how() + ")");
  }
}

package io.informer4j.kubernetes.internal;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.SourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchListener;

/**
 * Hands one watch's decoded events to its {@link WatchListener} with the listener contract kept
 * whatever thread the transport calls from: calls never overlap, {@code onClose} comes at most once
 * and nothing follows it, and nothing at all is delivered once the consumer closed the watch.
 * Thread-safe.
 *
 * @param <T> the object type
 */
final class WatchDelivery<T extends HasMetadata> {

  private final WatchEventDecoder<T> decoder;
  private final WatchListener<T> listener;
  private boolean finished;

  WatchDelivery(WatchEventDecoder<T> decoder, WatchListener<T> listener) {
    this.decoder = decoder;
    this.listener = listener;
  }

  /** Decodes and delivers one event object; a malformed one is reported and skipped. */
  synchronized void deliver(byte[] data, int offset, int length) {
    if (finished) {
      return;
    }
    WatchEvent<T> event;
    try {
      event = decoder.decode(data, offset, length);
    } catch (MalformedObjectException e) {
      listener.onMalformed(e);
      return;
    }
    listener.onEvent(event);
  }

  /**
   * Decodes the event object that starts {@code data[offset..offset + length)} and delivers it,
   * when those bytes hold it whole and it decodes; otherwise delivers nothing (the caller frames the
   * event exactly and {@link #deliver}s it, so a malformed one is reported from its own bytes).
   *
   * @return the bytes the delivered event took, {@code length} once the watch finished (nothing is
   *     delivered any more), or -1 when nothing was delivered
   */
  synchronized int deliverFirst(byte[] data, int offset, int length) {
    if (finished) {
      return length;
    }
    WatchEventDecoder.Decoded<T> decoded;
    try {
      decoded = decoder.decodeFirst(data, offset, length);
    } catch (MalformedObjectException e) {
      return -1;
    }
    listener.onEvent(decoded.event());
    return decoded.length();
  }

  /** Ends the watch: {@code onClose(error)} unless it already ended or was cancelled. */
  synchronized void finish(SourceException error) {
    if (finished) {
      return;
    }
    finished = true;
    listener.onClose(error);
  }

  /** The consumer closed the watch: deliver nothing more. */
  synchronized void cancel() {
    finished = true;
  }

  /** Returns true once the watch ended or was cancelled. */
  synchronized boolean isFinished() {
    return finished;
  }
}

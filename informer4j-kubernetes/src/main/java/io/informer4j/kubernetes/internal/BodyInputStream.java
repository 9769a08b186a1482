package io.informer4j.kubernetes.internal;

import io.fabric8.kubernetes.client.http.AsyncBody;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;

/**
 * A blocking {@link InputStream} over an HTTP body that fabric8's client delivers asynchronously
 * ({@code HttpClient.consumeBytes}), for decoders that read a stream, such as a list decoded item by
 * item. It asks for the next chunks ahead of the reader, as long as less than {@link #READ_AHEAD}
 * bytes wait unread, so the connection keeps flowing while the reader decodes; and it copies bytes
 * out in bulk. (The stream fabric8 offers for a body asks for the next chunk only once everything
 * delivered was read, and copies one byte at a time.)
 *
 * <p>One thread reads; fabric8's I/O thread delivers. {@link #close} may come from any thread,
 * cancels the body and makes a blocked {@code read} fail. A reader whose thread is interrupted,
 * before or while it waits, closes the stream and gets {@link InterruptedIOException} (caused by an
 * {@link InterruptedException}), its interrupt flag still set. A body that failed fails
 * {@code read} with an {@link IOException} whose cause is the failure, once the bytes delivered
 * before it were read.
 */
public final class BodyInputStream extends InputStream implements AsyncBody.Consumer<List<ByteBuffer>> {

  /** How many unread bytes may wait before the stream stops asking for more. */
  static final long READ_AHEAD = 4L * 1024 * 1024;

  private final ArrayDeque<ByteBuffer> chunks = new ArrayDeque<>();
  private long unread;
  private boolean requested;
  private boolean done;
  private boolean closed;
  private Throwable failure;
  private AsyncBody body;

  /**
   * Starts reading {@code body}, which must be the one this stream consumes; call once, when the
   * response arrived.
   */
  public void start(AsyncBody body) {
    synchronized (this) {
      this.body = Objects.requireNonNull(body, "body");
      requested = true;
    }
    body.done().whenComplete((ignored, error) -> onDone(error));
    body.consume();
  }

  @Override
  public void consume(List<ByteBuffer> delivered, AsyncBody source) {
    boolean ask;
    synchronized (this) {
      requested = false;
      if (closed) {
        return;
      }
      for (ByteBuffer chunk : delivered) {
        if (chunk.hasRemaining()) {
          chunks.add(chunk);
          unread += chunk.remaining();
        }
      }
      notifyAll();
      ask = claimRequest();
    }
    if (ask) {
      source.consume();
    }
  }

  private synchronized void onDone(Throwable error) {
    Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    if (cause != null && !(cause instanceof CancellationException)) {
      failure = cause;
    }
    done = true;
    notifyAll();
  }

  /** Under the lock: whether the caller should ask the body for more (and then does so, unlocked). */
  private boolean claimRequest() {
    if (requested || done || closed || body == null || unread >= READ_AHEAD) {
      return false;
    }
    requested = true;
    return true;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] target, int offset, int length) throws IOException {
    Objects.checkFromIndexSize(offset, length, target.length);
    if (length == 0) {
      return 0;
    }
    if (Thread.currentThread().isInterrupted()) {
      throw interruptedRead(new InterruptedException("the reader's thread was interrupted"));
    }
    while (true) {
      int copied = -1;
      boolean ask;
      InterruptedException interrupted = null;
      synchronized (this) {
        if (closed) {
          throw new IOException("the body stream is closed");
        }
        if (!chunks.isEmpty()) {
          copied = copyOut(target, offset, length);
        } else if (failure != null) {
          throw new IOException("the body failed: " + failure.getMessage(), failure);
        } else if (done) {
          return -1;
        }
        ask = claimRequest();
        if (copied < 0 && !ask) {
          interrupted = awaitDelivery();
          if (interrupted == null) {
            continue;
          }
        }
      }
      if (interrupted != null) {
        throw interruptedRead(interrupted);
      }
      if (ask) {
        body.consume();
      }
      if (copied >= 0) {
        return copied;
      }
    }
  }

  /** Closes the stream and returns the failure of a read whose thread was interrupted. */
  private InterruptedIOException interruptedRead(InterruptedException cause) {
    close();
    InterruptedIOException failure = new InterruptedIOException("interrupted while reading the body");
    failure.initCause(cause);
    return failure;
  }

  /** Under the lock: copies up to {@code length} waiting bytes into {@code target}. */
  private int copyOut(byte[] target, int offset, int length) {
    int copied = 0;
    while (copied < length && !chunks.isEmpty()) {
      ByteBuffer chunk = chunks.peek();
      int take = Math.min(length - copied, chunk.remaining());
      chunk.get(target, offset + copied, take);
      copied += take;
      if (!chunk.hasRemaining()) {
        chunks.poll();
      }
    }
    unread -= copied;
    return copied;
  }

  /**
   * Under the lock: waits for a delivery, the end or a close; returns the interruption (the
   * interrupt flag set again) if the thread was interrupted, else null.
   */
  private InterruptedException awaitDelivery() {
    try {
      wait();
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return e;
    }
  }

  @Override
  public synchronized int available() {
    return (int) Math.min(Integer.MAX_VALUE, unread);
  }

  /** Cancels the body and drops what was not read; a blocked reader fails. Idempotent. */
  @Override
  public void close() {
    AsyncBody toCancel;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      chunks.clear();
      unread = 0;
      notifyAll();
      toCancel = done ? null : body;
    }
    if (toCancel != null) {
      toCancel.cancel();
    }
  }
}

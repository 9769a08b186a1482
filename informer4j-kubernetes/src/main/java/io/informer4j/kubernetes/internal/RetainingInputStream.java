package io.informer4j.kubernetes.internal;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Objects;

/**
 * An {@link InputStream} that passes another one's bytes through and keeps a copy of those from a
 * chosen offset on, so the reader can read again a part it already read: a list decoder keeps the
 * item it is binding, to read a failed one's identity from it, without ever holding the whole body.
 *
 * <p>Offsets count the bytes read through this stream from its start. {@link #retainFrom} moves the
 * start of what is kept forward; bytes before it are dropped only when room is needed, so moving it
 * costs nothing and each byte is copied in once and moved at most a few times. What is kept from the
 * retained offset on is at most {@code maxRetained} bytes: past that, that part is given up (and
 * {@link #copy} of it answers null) until the next {@link #retainFrom}.
 *
 * <p>Not thread-safe: one reader.
 */
final class RetainingInputStream extends InputStream {

  private static final int INITIAL_BYTES = 64 * 1024;

  private final InputStream source;
  private final int maxRetained;
  private byte[] kept;
  /** The stream offset of {@code kept[0]}. */
  private long keptStart;
  private int keptLength;
  /** The offset from which bytes are kept; those before it may be dropped. */
  private long retainFrom;

  /**
   * @param source      the stream read through this one (closed with it)
   * @param maxRetained the most bytes kept from the retained offset on
   */
  RetainingInputStream(InputStream source, int maxRetained) {
    this.source = Objects.requireNonNull(source, "source");
    this.maxRetained = maxRetained;
    this.kept = new byte[Math.min(INITIAL_BYTES, maxRetained)];
  }

  /**
   * Keeps the bytes from {@code offset} on (those before it may be dropped from now on); an offset
   * before an earlier one, or already given up, is kept only as far as it still is.
   */
  void retainFrom(long offset) {
    retainFrom = offset;
  }

  /**
   * Returns a copy of the bytes in {@code [from, to)}, or null when they were not all kept (dropped,
   * given up, or not read yet).
   */
  byte[] copy(long from, long to) {
    if (from < keptStart || to > keptStart + keptLength || from > to) {
      return null;
    }
    int start = (int) (from - keptStart);
    return Arrays.copyOfRange(kept, start, start + (int) (to - from));
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] target, int offset, int length) throws IOException {
    int read = source.read(target, offset, length);
    if (read > 0) {
      keep(target, offset, read);
    }
    return read;
  }

  private void keep(byte[] bytes, int offset, int count) {
    if (keptLength + count > kept.length) {
      makeRoom(count);
    }
    if (keptLength + count > kept.length) {
      keptStart += keptLength + count;
      keptLength = 0;
      return;
    }
    System.arraycopy(bytes, offset, kept, keptLength, count);
    keptLength += count;
  }

  /** Drops what is before the retained offset, then grows up to the limit, or gives up what is kept. */
  private void makeRoom(int count) {
    int drop = (int) Math.min(Math.max(0, retainFrom - keptStart), keptLength);
    System.arraycopy(kept, drop, kept, 0, keptLength - drop);
    keptStart += drop;
    keptLength -= drop;
    int needed = keptLength + count;
    if (needed <= kept.length) {
      return;
    }
    if (needed <= maxRetained) {
      kept = Arrays.copyOf(kept, (int) Math.min(maxRetained, Math.max(needed, 2L * kept.length)));
    } else {
      keptStart += keptLength;
      keptLength = 0;
    }
  }

  @Override
  public int available() throws IOException {
    return source.available();
  }

  @Override
  public void close() throws IOException {
    source.close();
  }
}

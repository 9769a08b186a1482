package io.informer4j.kubernetes.internal;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * An unmodifiable map of text values, those that compress held compressed: the keys as they are, each
 * value either as it is or, when a cheap estimate says it compresses, in one block of UTF-8 compressed
 * with the JDK's {@link Deflater} (zlib, fastest level). For the {@code data} of ConfigMaps and
 * Secrets, whose values are often long and repetitive (configuration files, JSON) but as often are not
 * (base64 of keys and archives, certificates, random tokens). The estimate is a value's order-0
 * entropy, its characters' frequencies counted over at most {@value #SAMPLE} characters spread evenly
 * over the value: above {@value #MAX_BITS_PER_CHAR} bits per character (base64 of random bytes has 6)
 * deflate could not save a quarter of it, so the value is kept as it is and costs neither encoding
 * nor compression. Characters beyond Latin-1 are counted by their low byte: for text in other
 * scripts the estimate is rough, and the block's own ratio decides. Every read of a compressed value decompresses the whole block (a few microseconds for
 * kilobytes), so it suits values that are kept much more than they are read. Iteration order,
 * equality and hash code are those of the map it was made from. Immutable and thread-safe.
 */
final class DeflatedValues extends AbstractMap<String, String> {

  /** Compressible values shorter than this in total are not worth a block. */
  static final int MIN_TEXT = 512;
  /** Values shorter than this are kept as they are. */
  static final int MIN_VALUE = 64;
  /** Values whose characters carry more information than this are kept as they are. */
  static final double MAX_BITS_PER_CHAR = 5.5;
  /** At most this many characters of a value are counted for its estimate. */
  static final int SAMPLE = 512;
  /** The compressed block must be at most this fraction of the text to be kept. */
  private static final double MAX_RATIO = 0.75;
  private static final ThreadLocal<Deflater> DEFLATERS =
      ThreadLocal.withInitial(() -> new Deflater(Deflater.BEST_SPEED, true));
  private static final ThreadLocal<Inflater> INFLATERS = ThreadLocal.withInitial(() -> new Inflater(true));
  /** Per-thread buffers for the text and the compressed block while compressing, reused across objects. */
  private static final ThreadLocal<Buffers> BUFFERS = ThreadLocal.withInitial(Buffers::new);
  /** Buffers larger than this are not kept for the next object. */
  private static final int MAX_KEPT_BUFFER = 1 << 20;

  private final String[] keys;
  /** Each value kept as it is; null where the value is in the block. */
  private final String[] kept;
  /** Where each value in the block ends in the decompressed text (for a kept value, where the previous one ended). */
  private final int[] ends;
  private final byte[] block;

  private DeflatedValues(String[] keys, String[] kept, int[] ends, byte[] block) {
    this.keys = keys;
    this.kept = kept;
    this.ends = ends;
    this.block = block;
  }

  /**
   * Returns the values of {@code map} with those that compress compressed, or null when that is not
   * worth it: a null key or value, compressible values under {@link #MIN_TEXT} characters in total,
   * or a block larger than three quarters of their text. A value shorter than {@link #MIN_VALUE}, one
   * estimated not to compress, and one that is not valid UTF-16 (an unpaired surrogate, which has no
   * exact UTF-8 form) is kept as it is.
   */
  static DeflatedValues of(Map<String, String> map) {
    if (map == null || map.isEmpty()) {
      return null;
    }
    int chars = 0;
    for (Map.Entry<String, String> entry : map.entrySet()) {
      if (entry.getKey() == null || entry.getValue() == null) {
        return null;
      }
      chars += entry.getValue().length();
    }
    if (chars < MIN_TEXT) {
      return null;
    }
    Buffers buffers = BUFFERS.get();
    try {
      String[] keys = new String[map.size()];
      String[] kept = new String[map.size()];
      int[] ends = new int[map.size()];
      int textLength = 0;
      int i = 0;
      for (Map.Entry<String, String> entry : map.entrySet()) {
        keys[i] = entry.getKey();
        String value = entry.getValue();
        int end = value.length() < MIN_VALUE || buffers.bitsPerChar(value) > MAX_BITS_PER_CHAR
            ? -1 : buffers.appendUtf8(value, textLength);
        if (end < 0) {
          kept[i] = value;
        } else {
          textLength = end;
        }
        ends[i++] = textLength;
      }
      if (textLength < MIN_TEXT) {
        return null;
      }
      int blockLength = buffers.deflate(textLength);
      return blockLength > textLength * MAX_RATIO
          ? null : new DeflatedValues(keys, kept, ends, Arrays.copyOf(buffers.block, blockLength));
    } finally {
      buffers.trim();
    }
  }

  /** The text and block buffers of one thread, grown as needed. Not thread-safe (one per thread). */
  private static final class Buffers {
    private final CharsetEncoder utf8 = StandardCharsets.UTF_8.newEncoder()
        .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    private final int[] counts = new int[256];
    private byte[] text = new byte[4096];
    private byte[] block = new byte[4096];

    /**
     * Writes {@code value} as UTF-8 at {@code length}; returns where it ends, or -1 when the value
     * has no exact UTF-8 form (an unpaired surrogate).
     */
    int appendUtf8(String value, int length) {
      byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
      if (bytes.length == value.length() && isExactAscii(bytes, value)) {
        ensureText(length + bytes.length);
        System.arraycopy(bytes, 0, text, length, bytes.length);
        return length + bytes.length;
      }
      ensureText(length + value.length() * 3);
      ByteBuffer out = ByteBuffer.wrap(text, length, text.length - length);
      utf8.reset();
      if (utf8.encode(CharBuffer.wrap(value), out, true).isError() || utf8.flush(out).isError()) {
        return -1;
      }
      return out.position();
    }

    /**
     * Whether {@code bytes}, one per character of {@code value}, are its exact encoding: the JDK's
     * encoder writes {@code '?'} for an unpaired surrogate, so each {@code '?'} must be one in the value.
     */
    private static boolean isExactAscii(byte[] bytes, String value) {
      for (int i = 0; i < bytes.length; i++) {
        if (bytes[i] == '?' && value.charAt(i) != '?') {
          return false;
        }
      }
      return true;
    }

    private void ensureText(int capacity) {
      if (capacity > text.length) {
        text = Arrays.copyOf(text, Math.max(capacity, text.length * 2));
      }
    }

    /** The order-0 entropy of {@code value}'s characters, in bits per character, from a sample of them. */
    double bitsPerChar(String value) {
      Arrays.fill(counts, 0);
      int step = Math.max(1, value.length() / SAMPLE);
      int sampled = 0;
      for (int i = 0; i < value.length(); i += step) {
        counts[value.charAt(i) & 0xFF]++;
        sampled++;
      }
      double length = sampled;
      double sum = 0;
      for (int count : counts) {
        if (count > 0) {
          sum += count * Math.log(count);
        }
      }
      return (Math.log(length) - sum / length) / Math.log(2);
    }

    /** Compresses the first {@code length} bytes of text into the block; returns the block's length. */
    int deflate(int length) {
      Deflater deflater = DEFLATERS.get();
      deflater.reset();
      deflater.setInput(text, 0, length);
      deflater.finish();
      int written = 0;
      while (!deflater.finished()) {
        if (written == block.length) {
          block = Arrays.copyOf(block, block.length * 2);
        }
        written += deflater.deflate(block, written, block.length - written);
      }
      return written;
    }

    /** Drops buffers that grew beyond what is worth keeping for the next object. */
    void trim() {
      if (text.length > MAX_KEPT_BUFFER) {
        text = new byte[4096];
      }
      if (block.length > MAX_KEPT_BUFFER) {
        block = new byte[4096];
      }
    }
  }

  /** Returns the values, those in the block decompressed. */
  private String[] allValues() {
    byte[] raw = new byte[ends[ends.length - 1]];
    Inflater inflater = INFLATERS.get();
    inflater.reset();
    inflater.setInput(block);
    try {
      int length = 0;
      while (length < raw.length) {
        int read = inflater.inflate(raw, length, raw.length - length);
        if (read == 0 && (inflater.finished() || inflater.needsInput())) {
          throw new IllegalStateException("a compressed block ended early");
        }
        length += read;
      }
    } catch (DataFormatException e) {
      throw new IllegalStateException("a compressed block is corrupt", e);
    }
    String[] values = new String[keys.length];
    int start = 0;
    for (int i = 0; i < values.length; i++) {
      values[i] = kept[i] != null ? kept[i] : new String(raw, start, ends[i] - start, StandardCharsets.UTF_8);
      start = ends[i];
    }
    return values;
  }

  private int indexOf(Object key) {
    for (int i = 0; i < keys.length; i++) {
      if (keys[i].equals(key)) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public int size() {
    return keys.length;
  }

  @Override
  public boolean containsKey(Object key) {
    return indexOf(key) >= 0;
  }

  @Override
  public String get(Object key) {
    int index = indexOf(key);
    if (index < 0) {
      return null;
    }
    return kept[index] != null ? kept[index] : allValues()[index];
  }

  @Override
  public Set<Entry<String, String>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public int size() {
        return keys.length;
      }

      @Override
      public Iterator<Entry<String, String>> iterator() {
        String[] values = allValues();
        return new Iterator<>() {
          private int next;

          @Override
          public boolean hasNext() {
            return next < keys.length;
          }

          @Override
          public Entry<String, String> next() {
            if (next >= keys.length) {
              throw new NoSuchElementException();
            }
            int index = next++;
            return new SimpleImmutableEntry<>(keys[index], values[index]);
          }
        };
      }
    };
  }
}

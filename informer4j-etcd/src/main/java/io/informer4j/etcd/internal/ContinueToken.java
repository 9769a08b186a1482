package io.informer4j.etcd.internal;

import io.informer4j.source.InvalidRequestException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;

/**
 * The continue token of a paged list: the revision every page is read at and the key the next page
 * starts from, as opaque URL-safe text.
 *
 * @param revision the list's revision
 * @param nextKey  the first key of the next page
 */
public record ContinueToken(long revision, byte[] nextKey) {

  private static final byte FORMAT = 1;

  /** Returns the token text. */
  public String encode() {
    ByteBuffer buffer = ByteBuffer.allocate(1 + Long.BYTES + nextKey.length);
    buffer.put(FORMAT).putLong(revision).put(nextKey);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(buffer.array());
  }

  /**
   * Parses token text.
   *
   * @throws InvalidRequestException (400) if the text is not a token of this backend
   */
  public static ContinueToken decode(String text) {
    byte[] bytes;
    try {
      bytes = Base64.getUrlDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw invalid(text);
    }
    if (bytes.length < 1 + Long.BYTES || bytes[0] != FORMAT) {
      throw invalid(text);
    }
    ByteBuffer buffer = ByteBuffer.wrap(bytes);
    buffer.get();
    long revision = buffer.getLong();
    if (revision <= 0) {
      throw invalid(text);
    }
    return new ContinueToken(revision, Arrays.copyOfRange(bytes, 1 + Long.BYTES, bytes.length));
  }

  /** Returns true when the next key lies in {@code [start, end)}. */
  public boolean within(byte[] start, byte[] end) {
    return Arrays.compareUnsigned(nextKey, start) >= 0 && Arrays.compareUnsigned(nextKey, end) < 0;
  }

  private static InvalidRequestException invalid(String text) {
    return new InvalidRequestException("continue token '" + text + "' is not a token of the etcd backend", 400);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ContinueToken other && revision == other.revision && Arrays.equals(nextKey, other.nextKey);
  }

  @Override
  public int hashCode() {
    return 31 * Long.hashCode(revision) + Arrays.hashCode(nextKey);
  }

  @Override
  public String toString() {
    return "ContinueToken[revision=" + revision + ", nextKey=" + Arrays.toString(nextKey) + "]";
  }
}

package io.informer4j.coordination;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import java.nio.charset.StandardCharsets;

/**
 * The stable shard of an object: 32-bit FNV-1a over the UTF-8 bytes of
 * {@code type.toString() + "/" + key.toString()} (for example
 * {@code "apps/v1, Kind=Deployment/default/web"}), read as an unsigned number, modulo the shard
 * count. Every replica, in any JVM and any language, computes the same shard for the same object, and
 * the value never depends on the order objects arrive in. A named thing without a type (a fleet's
 * cluster) hashes its name alone ({@link #shardOf(String, int)}). Stateless and thread-safe.
 */
public final class ShardHash {

  private static final int FNV_OFFSET_BASIS = 0x811c9dc5;
  private static final int FNV_PRIME = 0x01000193;

  private ShardHash() {
  }

  /**
   * Returns the shard of object {@code key} of {@code type}, in {@code [0, shards)}.
   *
   * @throws CoordinationSettingsException if {@code shards} is not positive
   */
  public static int shardOf(TypeKey type, ObjectKey key, int shards) {
    return shardOf(type + "/" + key, shards);
  }

  /**
   * Returns the shard of a thing known by its name alone (a fleet's cluster), in {@code [0, shards)}:
   * the FNV-1a hash of the UTF-8 bytes of {@code name}, unsigned, modulo the shard count.
   *
   * @throws CoordinationSettingsException if {@code shards} is not positive
   */
  public static int shardOf(String name, int shards) {
    requireShards(shards);
    return Integer.remainderUnsigned(fnv1a(name), shards);
  }

  /** Returns the 32-bit FNV-1a hash of the UTF-8 bytes of {@code text}. */
  public static int fnv1a(String text) {
    int hash = FNV_OFFSET_BASIS;
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      hash ^= b & 0xff;
      hash *= FNV_PRIME;
    }
    return hash;
  }

  /**
   * Checks a shard count.
   *
   * @throws CoordinationSettingsException if {@code shards} is not positive
   */
  static int requireShards(int shards) {
    if (shards <= 0) {
      throw new CoordinationSettingsException("the number of shards must be positive, got " + shards);
    }
    return shards;
  }
}

package io.informer4j.etcd;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.Scope;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * Where the objects of one type live in etcd, and how a key gives an object's namespace and name:
 * {@code <prefix>/<namespace>/<name>} for a namespaced type, {@code <prefix>/<name>} for a
 * cluster-scoped one. Keys are UTF-8; a key under the prefix that does not have this shape (wrong
 * number of segments, an empty segment, invalid UTF-8) is not an object of the type and is reported
 * as malformed.
 *
 * <p>Immutable and thread-safe.
 */
public final class KeyLayout {

  private final String prefix;
  private final Scope scope;

  private KeyLayout(String prefix, Scope scope) {
    Objects.requireNonNull(prefix, "prefix");
    String trimmed = prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
    if (trimmed.isEmpty()) {
      throw new IllegalArgumentException("the key prefix must not be empty or '/'");
    }
    this.prefix = trimmed;
    this.scope = scope;
  }

  /**
   * Returns the layout {@code <prefix>/<namespace>/<name>}.
   *
   * @param prefix the key prefix, for example {@code "/registry/widgets"}; a trailing {@code /} is
   *               ignored
   * @throws IllegalArgumentException if the prefix is empty
   */
  public static KeyLayout namespaced(String prefix) {
    return new KeyLayout(prefix, Scope.NAMESPACED);
  }

  /**
   * Returns the layout {@code <prefix>/<name>} of a cluster-scoped type.
   *
   * @throws IllegalArgumentException if the prefix is empty
   */
  public static KeyLayout clusterScoped(String prefix) {
    return new KeyLayout(prefix, Scope.CLUSTER);
  }

  /** Returns the prefix, without a trailing {@code /}. */
  public String prefix() {
    return prefix;
  }

  /** Returns whether objects live in namespaces. */
  public Scope scope() {
    return scope;
  }

  /** Returns the storage key of an object: the inverse of {@link #objectKey(byte[])}. */
  public String storageKey(ObjectKey key) {
    Objects.requireNonNull(key, "key");
    if (scope == Scope.NAMESPACED) {
      if (key.isClusterScoped()) {
        throw new IllegalArgumentException("type under " + prefix + " is namespaced; key '" + key + "' has no namespace");
      }
      return prefix + "/" + key.namespace() + "/" + key.name();
    }
    if (!key.isClusterScoped()) {
      throw new IllegalArgumentException("type under " + prefix + " is cluster-scoped; key '" + key + "' has a namespace");
    }
    return prefix + "/" + key.name();
  }

  /** Returns {@link #storageKey(ObjectKey)} as UTF-8 bytes. */
  public byte[] storageKeyBytes(ObjectKey key) {
    return storageKey(key).getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Returns the first key of the range holding the selected objects: the whole type, or one
   * namespace of a namespaced type.
   *
   * @param namespace the namespace, or {@code ""} (or null) for every object of the type
   * @throws IllegalArgumentException if a namespace is given for a cluster-scoped type
   */
  public byte[] rangeStart(String namespace) {
    if (namespace == null || namespace.isEmpty()) {
      return (prefix + "/").getBytes(StandardCharsets.UTF_8);
    }
    if (scope == Scope.CLUSTER) {
      throw new IllegalArgumentException("type under " + prefix + " is cluster-scoped; namespace '" + namespace
          + "' cannot be selected");
    }
    if (namespace.indexOf('/') >= 0) {
      throw new IllegalArgumentException("namespace '" + namespace + "' contains '/'");
    }
    return (prefix + "/" + namespace + "/").getBytes(StandardCharsets.UTF_8);
  }

  /** Returns the key just after every key starting with {@code start} (etcd's prefix range end). */
  public static byte[] rangeEnd(byte[] start) {
    byte[] end = Arrays.copyOf(start, start.length);
    for (int i = end.length - 1; i >= 0; i--) {
      if (end[i] != (byte) 0xff) {
        end[i]++;
        return Arrays.copyOf(end, i + 1);
      }
    }
    return new byte[] {0};
  }

  /**
   * Parses a storage key.
   *
   * @return the object's key, or null when the key is not of this layout's shape
   */
  public ObjectKey objectKey(byte[] storageKey) {
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(storageKey)).toString();
    } catch (CharacterCodingException e) {
      return null;
    }
    if (!text.startsWith(prefix + "/")) {
      return null;
    }
    String rest = text.substring(prefix.length() + 1);
    int slash = rest.indexOf('/');
    if (scope == Scope.CLUSTER) {
      return rest.isEmpty() || slash >= 0 ? null : ObjectKey.clusterScoped(rest);
    }
    if (slash <= 0 || slash == rest.length() - 1 || rest.indexOf('/', slash + 1) >= 0) {
      return null;
    }
    return ObjectKey.of(rest.substring(0, slash), rest.substring(slash + 1));
  }

  /** Describes the shape, for example {@code "/registry/widgets/<namespace>/<name>"}. */
  @Override
  public String toString() {
    return scope == Scope.NAMESPACED ? prefix + "/<namespace>/<name>" : prefix + "/<name>";
  }
}

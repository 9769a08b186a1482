package io.informer4j.etcd;

import io.informer4j.meta.ObjectKey;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One stored value handed to a {@link Codec}: the object's identity from its key, the value's bytes
 * and the revisions that version it.
 *
 * <p>{@link #resourceVersion()} is the version the decoded object must carry: the value's mod
 * revision for a listed or written value; for a DELETED watch event, whose value is the object's
 * last state (etcd's previous key-value), the revision of the delete, as Kubernetes does, so that
 * versions seen by the informer only grow.
 *
 * <p>Immutable, except that {@link #value()} returns the array itself (not a copy, for speed):
 * codecs must not modify it.
 */
public final class EtcdEntry {

  private final ObjectKey key;
  private final String storageKey;
  private final byte[] value;
  private final long revision;
  private final long createRevision;
  private final long version;

  /**
   * @param key            the object's namespace and name
   * @param storageKey     the etcd key
   * @param value          the stored bytes
   * @param revision       the revision the object is at (see {@link #resourceVersion()})
   * @param createRevision the revision that created the key
   * @param version        how many times the key was written since it was created (1 when new)
   */
  public EtcdEntry(ObjectKey key, String storageKey, byte[] value, long revision, long createRevision, long version) {
    this.key = Objects.requireNonNull(key, "key");
    this.storageKey = Objects.requireNonNull(storageKey, "storageKey");
    this.value = Objects.requireNonNull(value, "value");
    this.revision = revision;
    this.createRevision = createRevision;
    this.version = version;
  }

  /** Returns the object's namespace and name, from the key. */
  public ObjectKey key() {
    return key;
  }

  /** Returns the etcd key. */
  public String storageKey() {
    return storageKey;
  }

  /** Returns the stored bytes (the array itself; do not modify). */
  public byte[] value() {
    return value;
  }

  /** Returns the stored bytes as UTF-8 text. */
  public String valueAsString() {
    return new String(value, StandardCharsets.UTF_8);
  }

  /** Returns the revision the decoded object is at. */
  public long revision() {
    return revision;
  }

  /** Returns {@link #revision()} as text: the resourceVersion the decoded object must report. */
  public String resourceVersion() {
    return Long.toString(revision);
  }

  /** Returns the revision that created the key. */
  public long createRevision() {
    return createRevision;
  }

  /** Returns the key's version: writes since its creation, 1 for a new key. */
  public long version() {
    return version;
  }

  @Override
  public String toString() {
    return storageKey + "@" + revision;
  }
}

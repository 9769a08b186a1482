package io.informer4j.etcd.internal;

import io.informer4j.etcd.Codec;
import io.informer4j.etcd.EtcdEntry;
import io.informer4j.etcd.KeyLayout;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectKey;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.Selection;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Turns a stored key and value into an object with the {@link Codec}, and checks that the object
 * agrees with its key and revision; also evaluates label and field selectors on decoded objects
 * (etcd cannot). Thread-safe when the codec and adapter are.
 *
 * @param <T> the object type
 */
public final class ObjectDecoder<T> {

  private final KeyLayout layout;
  private final Codec<T> codec;
  private final ObjectAdapter<T> adapter;

  /** Decodes values stored under {@code layout} with {@code codec}; reads objects with {@code adapter}. */
  public ObjectDecoder(KeyLayout layout, Codec<T> codec, ObjectAdapter<T> adapter) {
    this.layout = Objects.requireNonNull(layout, "layout");
    this.codec = Objects.requireNonNull(codec, "codec");
    this.adapter = Objects.requireNonNull(adapter, "adapter");
  }

  /** Returns where the objects are stored. */
  public KeyLayout layout() {
    return layout;
  }

  /** Returns the key of the object stored at {@code storageKey}, or null when it is not of the layout's shape. */
  public ObjectKey objectKey(byte[] storageKey) {
    return layout.objectKey(storageKey);
  }

  /**
   * Decodes one value.
   *
   * @param key            the etcd key
   * @param value          the stored bytes
   * @param revision       the revision the object is at (its resourceVersion)
   * @param createRevision the key's create revision
   * @param version        the key's version
   * @throws MalformedObjectException if the key is not of the layout (then without a key), the codec
   *                                  fails or returns null, or the object's namespace, name or
   *                                  resourceVersion disagree (then with the key the etcd key gives)
   */
  public T decode(byte[] key, byte[] value, long revision, long createRevision, long version) {
    ObjectKey objectKey = layout.objectKey(key);
    if (objectKey == null) {
      throw new MalformedObjectException("etcd key '" + new String(key, StandardCharsets.UTF_8)
          + "' does not have the shape " + layout, null);
    }
    return decode(objectKey, key, value, revision, createRevision, version);
  }

  /**
   * Decodes one value whose key was already parsed: {@code objectKey} is {@link #objectKey(byte[])}
   * of {@code key}.
   *
   * @throws MalformedObjectException with {@code objectKey} if the codec fails or returns null, or the
   *                                  object's namespace, name or resourceVersion disagree
   */
  public T decode(ObjectKey objectKey, byte[] key, byte[] value, long revision, long createRevision, long version) {
    String storageKey = new String(key, StandardCharsets.UTF_8);
    EtcdEntry entry = new EtcdEntry(objectKey, storageKey, value, revision, createRevision, version);
    T object;
    try {
      object = codec.decode(entry);
    } catch (Exception e) {
      throw new MalformedObjectException("cannot decode the value of etcd key '" + storageKey + "' at revision "
          + revision + ": " + e.getMessage(), objectKey, null, e);
    }
    if (object == null) {
      throw new MalformedObjectException("the codec returned null for etcd key '" + storageKey + "'", objectKey, null, null);
    }
    verify(entry, object);
    return object;
  }

  private void verify(EtcdEntry entry, T object) {
    String namespace;
    String name;
    String resourceVersion;
    try {
      namespace = adapter.namespace(object);
      name = adapter.name(object);
      resourceVersion = adapter.resourceVersion(object);
    } catch (RuntimeException e) {
      throw new MalformedObjectException("the adapter cannot read the object decoded from etcd key '" + entry.storageKey()
          + "': " + e, entry.key(), null, e);
    }
    String expectedNamespace = entry.key().namespace();
    if (!expectedNamespace.equals(namespace == null ? "" : namespace) || !entry.key().name().equals(name)) {
      throw new MalformedObjectException("the object decoded from etcd key '" + entry.storageKey() + "' is named '"
          + ObjectKey.keyOf(namespace, name) + "', not '" + entry.key() + "'", entry.key(), null, null);
    }
    if (!entry.resourceVersion().equals(resourceVersion)) {
      throw new MalformedObjectException("the object decoded from etcd key '" + entry.storageKey()
          + "' has resourceVersion '" + resourceVersion + "', not its revision " + entry.revision()
          + " (the codec must set it from EtcdEntry.resourceVersion())", entry.key(), null, null);
    }
  }

  /**
   * Tests a decoded object against the selection's label and field selectors (the namespace is
   * selected by key range, not here).
   *
   * @throws MalformedObjectException if the adapter throws reading labels or fields; with the
   *                                  object's key (which {@link #decode} checked the adapter reads)
   */
  public boolean matches(T object, Selection selection) {
    try {
      return selection.labels().matches(adapter.labels(object))
          && selection.fields().matches(path -> adapter.field(object, path));
    } catch (RuntimeException e) {
      ObjectKey key = identity(object);
      throw new MalformedObjectException("cannot read the labels or fields of "
          + (key == null ? String.valueOf(object) : key.toString()) + ": " + e, key, null, e);
    }
  }

  /** Returns the key the adapter reads from a decoded object, or null when it cannot. */
  private ObjectKey identity(T object) {
    try {
      return ObjectKey.of(adapter.namespace(object), adapter.name(object));
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** Returns true when a selection needs decoded objects to be evaluated (labels or fields). */
  public static boolean filtersObjects(Selection selection) {
    return !selection.labels().isEverything() || !selection.fields().isEverything();
  }
}
